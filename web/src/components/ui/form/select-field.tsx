/**
 * A labelled drop-down in the site's field frame (label, control, error and hint tied by aria-describedby): the
 * game pickers and filters, so each page does not spell the same label, select and classes again.
 */
import type { ReactNode } from 'react';
import { FieldFrame, useFieldIds } from '@/components/ui/form/field-frame';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The `<option>`s. */
  children: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
};

export function SelectField({ label, value, onChange, children, error, hint, className }: Props) {
  const ids = useFieldIds(error, hint);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} className={className}>
      <select
        id={ids.id}
        className="field__input field__select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
