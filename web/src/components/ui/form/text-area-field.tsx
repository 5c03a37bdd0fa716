/**
 * A labelled multi-line input, the textarea twin of `TextField`: its hint and error are tied to it by
 * aria-describedby, and the hint stays when an error shows.
 */
import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './field-frame';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
};

export function TextAreaField({ label, error, hint, className, rows = 6, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(error, hint);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint} className={className}>
      <div className="field__control">
        <textarea
          id={ids.id}
          className="field__input field__textarea"
          rows={rows}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...textarea}
        />
      </div>
    </FieldFrame>
  );
}
