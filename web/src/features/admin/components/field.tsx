/**
 * A labelled back-office input (text, number, textarea, select, datetime) with its hint and error tied to it by
 * aria-describedby, in the same look as the site's form fields.
 */
import type { ReactNode } from 'react';
import { FieldFrame, useFieldIds } from '@/components/ui/form/field-frame';

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
  const ids = useFieldIds(error, hint);
  const shared = {
    id: ids.id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.describedBy,
    'aria-required': required || undefined,
    'data-autofocus': autoFocusFirst ? '' : undefined,
    value,
    ...rest,
  };
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} className={className}>
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
    </FieldFrame>
  );
}

type SelectProps = Common & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  name?: string;
};

export function SelectField({ label, hint, error, className, value, onChange, options, name }: SelectProps) {
  const ids = useFieldIds(error, hint);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} className={className}>
      <select
        id={ids.id}
        name={name}
        className="field__input field__select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
