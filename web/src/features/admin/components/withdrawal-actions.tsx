/**
 * Approve or reject one withdrawal, each after a confirmation naming the amount and the account. A pending one
 * gets both; one left `processing` (the gateway did not confirm the transfer) gets "Check transfer", which
 * approves again: the server re-checks the transfer by its reference and only resends if the gateway never got
 * it. The outcome goes to `onDecided` for the page to announce.
 */
import { useState } from 'react';
import { formatNaira } from '@/lib/format';
import { useApproveWithdrawal, useRejectWithdrawal } from '@/features/admin/api/withdrawals';
import { ConfirmDialog } from '@/features/admin/components/confirm-dialog';
import { DecisionButtons } from '@/features/admin/components/decision-buttons';
import type { WithdrawalDecision } from '@/features/admin/types';
import type { Withdrawal } from '@/types/money';

type Props = { withdrawal: Withdrawal; player?: string | null; onDecided: (decision: WithdrawalDecision) => void };

export function WithdrawalActions({ withdrawal: w, player, onDecided }: Props) {
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  if (w.status !== 'pending' && w.status !== 'processing') return null;

  const amount = formatNaira(w.amount);
  const to = `${w.account_name}, ${w.bank_name} ${w.account_number}`;
  const who = player ? ` for ${player}` : '';
  return (
    <div className="withdrawal-actions">
      <DecisionButtons
        approve={
          w.status === 'pending'
            ? { label: `Approve withdrawal #${w.id} (${amount}${who})` }
            : { label: `Check transfer of withdrawal #${w.id} (${amount}${who})`, text: 'Check transfer' }
        }
        reject={w.status === 'pending' ? { label: `Reject withdrawal #${w.id} (${amount}${who})` } : null}
        onPick={setOpen}
      />

      {open === 'approve' ? (
        <ConfirmDialog
          title={w.status === 'pending' ? `Approve withdrawal #${w.id}?` : `Check the transfer of withdrawal #${w.id}?`}
          confirmLabel={w.status === 'pending' ? `Pay ${amount}` : 'Check transfer'}
          pendingLabel="Sending…"
          onConfirm={() => approve.mutateAsync(w.id).then(onDecided)}
          onClose={() => setOpen(null)}
        >
          <p>
            {w.status === 'pending' ? 'Send' : 'Check the transfer of'} <strong>{amount}</strong> to{' '}
            <strong>{to}</strong>
            {who}.
          </p>
          <p className="admin-note">
            {w.status === 'pending'
              ? 'The transfer goes out through the payment gateway at once.'
              : 'The gateway did not confirm this transfer. Checking asks it again and resends only if it ' +
                'never arrived.'}
          </p>
        </ConfirmDialog>
      ) : null}
      {open === 'reject' ? (
        <ConfirmDialog
          title={`Reject withdrawal #${w.id}?`}
          confirmLabel="Reject"
          pendingLabel="Rejecting…"
          tone="danger"
          reason={{
            label: 'Reason (the player sees it)',
            hint: 'Between 5 and 300 characters.',
            minLength: 5,
            maxLength: 300,
          }}
          onConfirm={(reason) => reject.mutateAsync({ id: w.id, reason }).then(onDecided)}
          onClose={() => setOpen(null)}
        >
          <p>
            {amount} to {to}
            {who} is not paid, and the money goes back to the player’s balance.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
