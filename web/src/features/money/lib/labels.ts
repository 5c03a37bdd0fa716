/**
 * Words for money statuses (the word carries the meaning; a badge's colour only helps) and their tone.
 */
import { formatDateTimeWAT } from '@/lib/lagos-time';
import type { Deposit, DepositStatus, Withdrawal, WithdrawalStatus } from '@/types/money';
import type { Transaction, TransactionStatus, TransactionType } from '@/types/lotto';

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
  expired: { label: 'Expired', tone: 'muted' },
  success: { label: 'Successful', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  held: { label: 'Held for refund', tone: 'warn' },
};

/** A deposit whose checkout closed on the server before the gateway said it was paid. */
export const DEPOSIT_EXPIRED: StatusWord = DEPOSIT_STATUS.expired;

/**
 * Whether a deposit's checkout closed unpaid (docs/product.md §7): the server says `expired`, or one it sent as
 * `pending` has passed its `expires_at` since (so the page turns without a reload).
 */
export function isExpiredDeposit(d: Pick<Deposit, 'status' | 'expires_at'>, now: number): boolean {
  if (d.status === 'expired') return true;
  if (d.status !== 'pending' || !d.expires_at) return false;
  const closes = Date.parse(d.expires_at);
  return Number.isFinite(closes) && now >= closes;
}

/**
 * A deposit's word (`expired`: from `isExpiredDeposit` at the time shown): an abandoned checkout reads "Expired", not
 * "Pending" for ever. A payment that still arrives is credited (or held for a refund) — the note says so.
 */
export function depositStatusWord(d: Deposit, expired: boolean): StatusWord {
  if (expired && d.status === 'pending') return DEPOSIT_EXPIRED;
  return DEPOSIT_STATUS[d.status] ?? { label: d.status, tone: 'muted' };
}

/** The line under a deposit's status: why it failed or is held, or that its checkout closed unpaid. */
export function depositNote(d: Deposit, expired: boolean): string | null {
  if (d.status === 'failed' && d.failure_reason) return d.failure_reason;
  if (d.status === 'held' && d.held_reason) return d.held_reason;
  if (((expired && d.status === 'pending') || d.status === 'expired') && d.expires_at) {
    return (
      `The checkout closed at ${formatDateTimeWAT(d.expires_at)} before any payment arrived, so nothing was ` +
      'added. Start a new deposit to add money; if you did pay, the payment still reaches you.'
    );
  }
  return null;
}

export const TRANSACTION_STATUS: Record<TransactionStatus, StatusWord> = {
  pending: { label: 'Pending', tone: 'warn' },
  success: { label: 'Successful', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  reversed: { label: 'Reversed', tone: 'muted' },
};

/**
 * A ledger line's status word. A withdrawal's line that succeeded reads "Paid", the word its withdrawal shows on the
 * withdrawal page and in /boss, so one payout never has two names.
 */
export function transactionStatusWord(t: Pick<Transaction, 'type' | 'status'>): StatusWord {
  if (t.type === 'withdrawal' && t.status === 'success') return WITHDRAWAL_STATUS.success;
  return TRANSACTION_STATUS[t.status] ?? { label: t.status, tone: 'muted' };
}

export const TRANSACTION_TYPE: Record<TransactionType, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  stake: 'Stake',
  win: 'Win',
  tax: 'Withholding tax',
  refund: 'Refund',
  adjustment: 'Adjustment',
};
