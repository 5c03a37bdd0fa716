/**
 * A "From" and a "To" date input that bound each other (the end cannot be picked before the start), with an error
 * about the range named beside the end date. Used by the filters of lists that page by date.
 */
import './form.css';

type Props = {
  /** The form's `useId()`: the inputs are `${id}-from` and `${id}-to`. */
  id: string;
  from: string;
  to: string;
  /** What is wrong with the range (shown under "To"), if anything. */
  error?: string | null;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
};

export function DateRangeFields({ id, from, to, error, onFrom, onTo }: Props) {
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-from`}>
          From
        </label>
        <input
          id={`${id}-from`}
          className="field__input field__select"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => onFrom(event.target.value)}
        />
      </div>
      <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
        <label className="field__label" htmlFor={`${id}-to`}>
          To
        </label>
        <input
          id={`${id}-to`}
          className="field__input field__select"
          type="date"
          value={to}
          min={from || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-to-error` : undefined}
          onChange={(event) => onTo(event.target.value)}
        />
        {error ? (
          <p id={`${id}-to-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    </>
  );
}
