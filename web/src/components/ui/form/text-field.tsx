/**
 * A labelled input with its hint and error tied to it by aria-describedby (PRODUCT §10: real labels). The error
 * replaces nothing: the hint stays, so a player always sees what the field expects.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import './form.css';

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
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        {adornment}
        <input
          id={id}
          className="field__input"
          type={revealable && revealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
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
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
