import { useState } from 'react';

type Outcome = 'copied' | 'failed' | undefined;

/** Copies `text` to the clipboard and says so, in view and to screen readers. */
export function CopyButton({ text, children }: { text: string; children: string }) {
  const [outcome, setOutcome] = useState<Outcome>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };
  return (
    <div className="copy-button">
      <button type="button" className="button button--ghost button--small" onClick={() => void copy()}>
        {children}
      </button>
      <span className="copy-button__outcome" role="status">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Could not copy: select the text and copy it yourself.' : ''}
      </span>
    </div>
  );
}
