/**
 * The frame every form field shares: the label, the control, then the error and the hint, each tied to the control
 * by aria-describedby. The error replaces nothing: the hint stays, so a person always sees what the field expects.
 */
import { useId, type ReactNode } from 'react';
import './form.css';

export type FieldIds = {
  id: string;
  describedBy: string | undefined;
  errorId: string | undefined;
  hintId: string | undefined;
};

/** The control's id and the ids its error and hint get (only when they exist). */
export function useFieldIds(error: string | undefined, hint: ReactNode): FieldIds {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return { id, errorId, hintId, describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined };
}

type FieldFrameProps = {
  ids: FieldIds;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
};

export function FieldFrame({ ids, label, error, hint, className, children }: FieldFrameProps) {
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={ids.id}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={ids.errorId} className="field__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={ids.hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
