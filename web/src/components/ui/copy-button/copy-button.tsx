import { useState } from 'react';
import './copy-button.css';

type Outcome = 'copied' | 'failed' | undefined;

type Props = {
  text: string;
  /** The visible words. */
  children: string;
  /** A fuller accessible name that starts with the visible words ("Copy seed of draw 42"), when several share a page. */
  label?: string;
};

/** Copies `text` to the clipboard and says so, in view and to screen readers. */
export function CopyButton({ text, children, label }: Props) {
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
      <button type="button" className="button button--ghost button--small" aria-label={label} onClick={() => void copy()}>
        {children}
      </button>
      <span className="copy-button__outcome" role="status">
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Could not copy: select the text and copy it yourself.' : ''}
      </span>
    </div>
  );
}
