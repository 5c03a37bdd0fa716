/**
 * "Are you sure?" for actions that move money or cannot be undone. With `reason`, a reason of at least
 * `minLength` characters is required before the action button does anything; the server's own 422 message
 * (e.g. "already drawn") is shown inside the dialog.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog/dialog';
import { FormAlert } from '@/components/ui/form/form-alert';
import { ApiError } from '@/lib/api-client';
import { Field } from '@/features/admin/components/field';

type Props = {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  tone?: 'danger' | 'primary';
  reason?: { label: string; hint?: string; minLength: number; maxLength?: number };
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
};

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel = 'Please wait…',
  tone = 'primary',
  reason,
  onConfirm,
  onClose,
}: Props) {
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const trimmed = text.trim();
    if (reason && trimmed.length < reason.minLength) {
      setFieldError(trimmed ? `Give a reason of at least ${reason.minLength} characters` : 'A reason is required');
      return;
    }
    setFieldError(undefined);
    setMessage(undefined);
    setPending(true);
    try {
      await onConfirm(trimmed);
      onClose();
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.status === 422) {
        const field = error.fieldError('reason');
        if (field) setFieldError(field);
        else setMessage(error.message);
      }
    }
  };

  return (
    <Dialog title={title} onClose={onClose} size="small" role="alertdialog">
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="confirm__body">{children}</div>
        {reason ? (
          <Field
            label={reason.label}
            hint={reason.hint}
            error={fieldError}
            multiline
            required
            value={text}
            maxLength={reason.maxLength ?? 500}
            onChange={setText}
            autoFocusFirst
          />
        ) : null}
        <FormAlert>{message}</FormAlert>
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose} data-autofocus={reason ? undefined : ''}>
            Keep it
          </button>
          <button
            type="submit"
            className={`button ${tone === 'danger' ? 'button--danger' : 'button--primary'}`}
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
