import { CopyButton } from '@/components/ui/copy-button/copy-button';
import './hash-value.css';

type Props = {
  /** What the value is: "Commitment", "Tickets root", "Seed". */
  label: string;
  value: string;
  /** Added to the copy button's and the disclosure's names when one page shows many ("of draw 42"). */
  context?: string;
};

/** `1a2b3c…8d9e8f`: the first and last six characters of a long hex value (with Copy, one line on a phone). */
export function shortHex(value: string, keep = 6): string {
  return value.length > keep * 2 + 1 ? `${value.slice(0, keep)}…${value.slice(-keep)}` : value;
}

/**
 * A long hex value (a hash, a seed) in a definition list: shortened so it fits a phone, in full on request, and
 * a Copy button. Render inside a `<dl>`.
 */
export function HashValue({ label, value, context }: Props) {
  const name = context ? `${label} ${context}` : label;
  return (
    <div className="hash-value">
      <dt className="hash-value__label">{label}</dt>
      <dd className="hash-value__body">
        <code className="hash-value__short">{shortHex(value)}</code>
        <details className="hash-value__full">
          <summary>
            Show in full<span className="visually-hidden"> ({name.toLowerCase()})</span>
          </summary>
          <code>{value}</code>
        </details>
        <CopyButton text={value} label={`Copy the ${name.toLowerCase()}`}>
          Copy
        </CopyButton>
      </dd>
    </div>
  );
}
