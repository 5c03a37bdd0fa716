/**
 * A labelled input with its hint and error tied to it by aria-describedby (docs/product.md §20: real labels). The error
 * replaces nothing: the hint stays, so a player always sees what the field expects.
 */
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** A password input with a Show/Hide button. */
  revealable?: boolean;
  /** Something before the input on the same line (e.g. the country picker). */
  adornment?: ReactNode;
  autoFocusFirst?: boolean;
};

export function TextField({
  label,
  error,
  hint,
  revealable,
  adornment,
  autoFocusFirst,
  type = 'text',
  className,
  ...input
}: TextFieldProps) {
  const ids = useFieldIds(error, hint);
  const [revealed, setRevealed] = useState(false);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} className={className}>
      <div className="field__control">
        {adornment}
        <input
          id={ids.id}
          className="field__input"
          type={revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          data-autofocus={autoFocusFirst ? '' : undefined}
          {...input}
        />
        {revealable ? (
          <button
            type="button"
            className="field__reveal"
            aria-pressed={revealed}
            aria-label={revealed ? 'Hide password' : 'Show password'}
            onClick={() => setRevealed((value) => !value)}
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
}
