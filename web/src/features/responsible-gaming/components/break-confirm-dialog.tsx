/**
 * "Are you sure?" before a break starts, saying plainly what it does and that it cannot be undone. Focus starts on
 * the safe choice; Escape and the close button keep playing as it is.
 */
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog/dialog';
import { FormAlert } from '@/components/ui/form/form-alert';
import { ApiError } from '@/lib/api-client';
import { formatDateTimeWAT } from '@/lib/lagos-time';
import { breakEnd, breakName, type BreakOption } from '../lib/breaks';

type Props = { option: BreakOption; onConfirm: () => Promise<unknown>; onClose: () => void };

export function BreakConfirmDialog({ option, onConfirm, onClose }: Props) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string>();
  const ends = formatDateTimeWAT(breakEnd(option.period).toISOString());

  const confirm = async () => {
    if (pending) return;
    setPending(true);
    setMessage(undefined);
    try {
      await onConfirm();
      onClose();
    } catch (error) {
      setPending(false);
      if (error instanceof ApiError && error.status === 422) setMessage(error.message);
    }
  };

  return (
    <Dialog title={`Start ${breakName(option)}?`} onClose={onClose} size="small" role="alertdialog">
      <div className="rg-confirm">
        <p>
          From now until <strong>{ends}</strong> you will not be able to buy tickets or deposit. You can still log in
          and withdraw your balance.
        </p>
        <p className="rg-confirm__warning">
          <strong>This cannot be undone.</strong> Once it starts, a break cannot be ended or made shorter — not by
          you, and not by our support team.
        </p>
        <FormAlert>{message}</FormAlert>
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose} data-autofocus="">
            Cancel
          </button>
          <button
            type="button"
            className="button rg-danger"
            onClick={() => void confirm()}
            disabled={pending}
            aria-busy={pending}
          >
            {pending ? 'Starting…' : 'Start my break'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
