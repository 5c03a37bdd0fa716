/**
 * A manual wallet adjustment: a signed amount in naira (negative takes money away), a mandatory reason, and a
 * confirmation naming the player and the new balance before POST /admin/users/{id}/adjust.
 */
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { toast } from '@/components/ui/toasts/toast-store';
import { ApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/format';
import { useAdjustWallet } from '@/features/admin/api/user-actions';
import { ConfirmDialog } from '@/features/admin/components/confirm-dialog';
import { Field } from '@/features/admin/components/field';
import { nairaToKobo } from '@/features/admin/lib/money';

/** ₦10,000,000 either way: the server's limit, checked here first. */
export const ADJUST_LIMIT_KOBO = 1_000_000_000;

type Props = { userId: number; userName: string; balance: number };

export function AdjustWalletForm({ userId, userName, balance }: Props) {
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [message, setMessage] = useState<string>();
  const [confirming, setConfirming] = useState<number | null>(null);
  const adjust = useAdjustWallet();

  const amount = nairaToKobo(amountText, { signed: true });
  const preview =
    amount === null || amount === 0
      ? 'Positive adds money (credit); negative, such as -500, takes it away (debit).'
      : `${amount > 0 ? 'Credits' : 'Debits'} ${formatNaira(Math.abs(amount))}; the balance becomes ${formatNaira(balance + amount)}.`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (amount === null || amount === 0) next.amount = 'Enter a non-zero amount in naira, e.g. 500 or -250.50';
    else if (Math.abs(amount) > ADJUST_LIMIT_KOBO) next.amount = 'At most ₦10,000,000.00 either way';
    else if (balance + amount < 0) next.amount = `This would take the balance below zero (it is ${formatNaira(balance)})`;
    const why = reason.trim();
    if (why.length < 5 || why.length > 500) next.reason = 'Give a reason (5 to 500 characters)';
    setErrors(next);
    setMessage(undefined);
    if (next.amount || next.reason || amount === null) return;
    setConfirming(amount);
  };

  return (
    <>
      <form className="form adjust-form" noValidate onSubmit={submit} aria-labelledby="adjust-heading">
        <h3 id="adjust-heading" className="admin-subtitle">
          Manual adjustment
        </h3>
        <Field
          label="Amount (naira)"
          inputMode="decimal"
          prefix="₦"
          value={amountText}
          onChange={setAmountText}
          error={errors.amount}
          hint={preview}
          required
        />
        <Field
          label="Reason"
          multiline
          value={reason}
          onChange={setReason}
          error={errors.reason}
          maxLength={500}
          hint="Recorded in the player’s transactions and the audit log."
          required
        />
        <FormAlert>{message}</FormAlert>
        <button type="submit" className="button button--primary">
          Adjust the wallet
        </button>
      </form>
      {confirming !== null ? (
        <ConfirmDialog
          title="Adjust this wallet?"
          confirmLabel={confirming > 0 ? `Credit ${formatNaira(confirming)}` : `Debit ${formatNaira(-confirming)}`}
          pendingLabel="Adjusting…"
          tone={confirming < 0 ? 'danger' : 'primary'}
          onConfirm={() =>
            adjust
              .mutateAsync({ id: userId, amount: confirming, reason: reason.trim() })
              .then((answer) => {
                toast.success(`${answer.message ?? 'Wallet adjusted'}: new balance ${formatNaira(answer.data.balance)}`);
                setAmountText('');
                setReason('');
              })
              .catch((error: unknown) => {
                if (error instanceof ApiError && error.status === 422) {
                  setErrors({ amount: error.fieldError('amount'), reason: error.fieldError('reason') });
                  setMessage(error.message);
                  setConfirming(null);
                }
                throw error;
              })
          }
          onClose={() => setConfirming(null)}
        >
          <p>
            {confirming > 0 ? 'Credit' : 'Debit'} <strong>{formatNaira(Math.abs(confirming))}</strong>{' '}
            {confirming > 0 ? 'to' : 'from'} {userName}’s wallet. The balance goes from {formatNaira(balance)} to{' '}
            <strong>{formatNaira(balance + confirming)}</strong>.
          </p>
          <p className="admin-note">Reason: {reason.trim()}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
