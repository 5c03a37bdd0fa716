/**
 * A labelled back-office input (text, number, textarea, select, datetime) with its hint and error tied to it by
 * aria-describedby, in the same look as the site's form fields.
 */
import { useId, type ReactNode } from 'react';
import '@/components/ui/form/form.css';

type Common = {
  label: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  autoFocusFirst?: boolean;
  /** Something before the input on the same line (₦). */
  prefix?: string;
  /** Something after (minutes, ×). */
  suffix?: string;
};

type InputProps = Common & {
  multiline?: boolean;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'number' | 'datetime-local' | 'time' | 'search';
  inputMode?: 'decimal' | 'numeric' | 'text';
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number | 'any';
  placeholder?: string;
  name?: string;
  rows?: number;
};

export function Field({
  label,
  hint,
  error,
  required,
  className,
  autoFocusFirst,
  prefix,
  suffix,
  multiline,
  value,
  onChange,
  type = 'text',
  rows = 3,
  ...rest
}: InputProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    'data-autofocus': autoFocusFirst ? '' : undefined,
    value,
    ...rest,
  };
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        {prefix ? (
          <span className="field__prefix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        {multiline ? (
          <textarea
            className="field__input field__textarea"
            rows={rows}
            onChange={(event) => onChange(event.target.value)}
            {...shared}
          />
        ) : (
          <input className="field__input" type={type} onChange={(event) => onChange(event.target.value)} {...shared} />
        )}
        {suffix ? (
          <span className="field__suffix" aria-hidden="true">
            {suffix}
          </span>
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

type SelectProps = Common & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  name?: string;
};

export function SelectField({ label, hint, error, className, value, onChange, options, name }: SelectProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input field__select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
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
