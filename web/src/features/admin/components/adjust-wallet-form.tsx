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
import { useState } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form/form-alert';
import { useForm } from '@/components/ui/form/use-form';
import { toast } from '@/lib/toast-store';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { isFiledForApproval, useAdjustWallet } from '@/features/admin/api/user-actions';
import { ConfirmDialog } from '@/features/admin/components/confirm-dialog';
import { Field } from '@/features/admin/components/field';
import { checkAdjustment, type AdjustField, type AdjustValues } from '@/features/admin/lib/adjust-wallet';
import { heldForAsker, type HeldBecause } from '@/features/admin/lib/held-because';
import { nairaToKobo } from '@/features/admin/lib/money';

type Props = { userId: number; userName: string; balance: number };

/** The adjustment being confirmed, with the key all its tries share. */
type Confirming = { amount: number; key: string };

export function AdjustWalletForm({ userId, userName, balance }: Props) {
  const form = useForm<AdjustValues, AdjustField>({ amount: '', reason: '' });
  const [filed, setFiled] = useState<{ id: number; amount: number; because?: HeldBecause }>();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const adjust = useAdjustWallet();

  const amount = nairaToKobo(form.values.amount, { signed: true });
  const preview =
    amount === null || amount === 0
      ? 'Positive adds money (credit); negative, such as -500, takes it away (debit).'
      : `${amount > 0 ? 'Credits' : 'Debits'} ${formatNaira(Math.abs(amount))}; the balance becomes ${formatNaira(balance + amount)}.`;

  const check = () => {
    setFiled(undefined);
    return form.check(checkAdjustment(form.values, balance));
  };
  const open = ({ amount: kobo }: { amount: number }) => setConfirming({ amount: kobo, key: newIdempotencyKey() });

  const confirm = ({ amount: kobo, key }: Confirming) =>
    adjust
      .mutateAsync({ id: userId, amount: kobo, reason: form.values.reason.trim(), key })
      .then((answer) => {
        const data = answer.data;
        if (isFiledForApproval(data)) {
          toast.info(`${formatNaira(Math.abs(kobo))} ${kobo > 0 ? 'credit' : 'debit'} awaits another admin’s approval`);
          setFiled({ id: data.approval_id, amount: kobo, because: data.adjustment.held_because });
        } else {
          const again = data.replayed ? ' (already done: nothing moved twice)' : '';
          toast.success(`${answer.message ?? 'Wallet adjusted'}${again}: new balance ${formatNaira(data.balance)}`);
        }
        form.reset();
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 422) {
          setConfirming(null);
          form.refuse({ amount: error.fieldError('amount'), reason: error.fieldError('reason') }, error.message);
        }
        throw error;
      });

  return (
    <>
      <form className="form adjust-form" noValidate onSubmit={form.submit(check, open)} aria-labelledby="adjust-heading">
        <h3 id="adjust-heading" className="admin-subtitle">
          Manual adjustment
        </h3>
        <Field
          label="Amount (naira)"
          inputMode="decimal"
          prefix="₦"
          value={form.values.amount}
          onChange={(value) => form.set('amount', value)}
          error={form.errors.amount}
          hint={preview}
          required
        />
        <Field
          label="Reason"
          multiline
          value={form.values.reason}
          onChange={(value) => form.set('reason', value)}
          error={form.errors.reason}
          maxLength={500}
          hint="Recorded in the player’s transactions and the audit log."
          required
        />
        <FormAlert>{form.message}</FormAlert>
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
          <p className="admin-note">Reason: {form.values.reason.trim()}</p>
          <p className="admin-note">
            A large adjustment, or one that takes your total for today above the approval limit, waits for another
            admin’s approval before the money moves.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
