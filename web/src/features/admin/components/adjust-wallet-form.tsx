/**
 * A manual wallet adjustment: a signed amount in naira (negative takes money away), a mandatory reason, and a
 * confirmation naming the player and the new balance before POST /admin/users/{id}/adjust.
 *
 * Opening the confirmation makes the adjustment's idempotency key; every try of that confirmation (a double
 * click, a retry after the network dropped) sends the same key, so the server moves the money at most once. The
 * next adjustment gets a new key. Above the approval limit the server only files the request (202): the form says
 * it now waits for another admin, on the Approvals page, and why (the amount itself, or the day's sum it joins:
 * `held_because`), and shows no new balance.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form/form-alert';
import { toast } from '@/lib/toast-store';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { isFiledForApproval, useAdjustWallet } from '@/features/admin/api/user-actions';
import { ConfirmDialog } from '@/features/admin/components/confirm-dialog';
import { Field } from '@/features/admin/components/field';
import { heldForAsker, type HeldBecause } from '@/features/admin/lib/held-because';
import { nairaToKobo } from '@/features/admin/lib/money';

/** ₦10,000,000 either way: the server's limit, checked here first. */
export const ADJUST_LIMIT_KOBO = 1_000_000_000;

type Props = { userId: number; userName: string; balance: number };

/** The adjustment being confirmed, with the key all its tries share. */
type Confirming = { amount: number; key: string };

export function AdjustWalletForm({ userId, userName, balance }: Props) {
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [message, setMessage] = useState<string>();
  const [filed, setFiled] = useState<{ id: number; amount: number; because?: HeldBecause }>();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
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
    setFiled(undefined);
    if (next.amount || next.reason || amount === null) return;
    setConfirming({ amount, key: newIdempotencyKey() });
  };

  const confirm = ({ amount: kobo, key }: Confirming) =>
    adjust
      .mutateAsync({ id: userId, amount: kobo, reason: reason.trim(), key })
      .then((answer) => {
        const data = answer.data;
        if (isFiledForApproval(data)) {
          toast.info(`${formatNaira(Math.abs(kobo))} ${kobo > 0 ? 'credit' : 'debit'} awaits another admin’s approval`);
          setFiled({ id: data.approval_id, amount: kobo, because: data.adjustment.held_because });
        } else {
          const again = data.replayed ? ' (already done: nothing moved twice)' : '';
          toast.success(`${answer.message ?? 'Wallet adjusted'}${again}: new balance ${formatNaira(data.balance)}`);
        }
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
      });

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
        {filed ? (
          <FormAlert tone="info">
            Request #{filed.id} ({filed.amount > 0 ? 'credit' : 'debit'} of {formatNaira(Math.abs(filed.amount))}){' '}
            {heldForAsker(filed.because)}: nothing moves until another admin approves it on{' '}
            <Link to={paths.boss.approvals.getHref()}>Approvals</Link>.
          </FormAlert>
        ) : null}
        <button type="submit" className="button button--primary">
          Adjust the wallet
        </button>
      </form>
      {confirming !== null ? (
        <ConfirmDialog
          title="Adjust this wallet?"
          confirmLabel={
            confirming.amount > 0 ? `Credit ${formatNaira(confirming.amount)}` : `Debit ${formatNaira(-confirming.amount)}`
          }
          pendingLabel="Adjusting…"
          tone={confirming.amount < 0 ? 'danger' : 'primary'}
          onConfirm={() => confirm(confirming)}
          onClose={() => setConfirming(null)}
        >
          <p>
            {confirming.amount > 0 ? 'Credit' : 'Debit'} <strong>{formatNaira(Math.abs(confirming.amount))}</strong>{' '}
            {confirming.amount > 0 ? 'to' : 'from'} {userName}’s wallet. The balance goes from {formatNaira(balance)} to{' '}
            <strong>{formatNaira(balance + confirming.amount)}</strong>.
          </p>
          <p className="admin-note">Reason: {reason.trim()}</p>
          <p className="admin-note">
            A large adjustment, or one that takes your total for today above the approval limit, waits for another
            admin’s approval before the money moves.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
