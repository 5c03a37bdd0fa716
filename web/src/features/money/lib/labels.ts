/**
 * Words for money statuses (the word carries the meaning; a badge's colour only helps) and their tone.
 */
import type { DepositStatus, Withdrawal, WithdrawalStatus } from '@/types/money';
import type { TransactionStatus, TransactionType } from '@/types/lotto';

export type Tone = 'good' | 'warn' | 'bad' | 'info' | 'muted';

export type StatusWord = { label: string; tone: Tone };

export const WITHDRAWAL_STATUS: Record<WithdrawalStatus, StatusWord> = {
  pending: { label: 'Pending', tone: 'warn' },
  processing: { label: 'Processing', tone: 'info' },
  success: { label: 'Paid', tone: 'good' },
  rejected: { label: 'Rejected', tone: 'bad' },
  failed: { label: 'Failed', tone: 'bad' },
  reversed: { label: 'Reversed', tone: 'muted' },
};

/** What each withdrawal status means for the player's money. */
export const WITHDRAWAL_MEANING: Record<WithdrawalStatus, string> = {
  pending: 'On hold while we check it.',
  processing: 'Approved; the transfer to your bank is on its way.',
  success: 'Paid to your bank account.',
  rejected: 'Not paid; the money is back in your balance.',
  failed: 'The transfer failed; the money is back in your balance.',
  reversed: 'Your bank returned the transfer; the money is back in your balance.',
};

/** What the status means for the money, with the admin's or the bank's reason when there is one. */
export function statusNote(w: Withdrawal): string {
  const reason =
    w.reason && (w.status === 'rejected' || w.status === 'failed') ? `Reason: ${w.reason.replace(/\.$/, '')}. ` : '';
  return `${reason}${WITHDRAWAL_MEANING[w.status] ?? ''}`;
}

export const DEPOSIT_STATUS: Record<DepositStatus, StatusWord> = {
  pending: { label: 'Pending', tone: 'warn' },
  success: { label: 'Successful', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  held: { label: 'Held for refund', tone: 'warn' },
};

export const TRANSACTION_STATUS: Record<TransactionStatus, StatusWord> = {
  pending: { label: 'Pending', tone: 'warn' },
  success: { label: 'Successful', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  reversed: { label: 'Reversed', tone: 'muted' },
};

export const TRANSACTION_TYPE: Record<TransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  stake: 'Stake',
  win: 'Win',
  tax: 'Withholding tax',
  refund: 'Refund',
  adjustment: 'Adjustment',
};
