/**
 * After the payout bank account changes, the server holds withdrawals for 24 hours (`withdrawals_held_until`), so a
 * stolen login cannot change the account and empty the wallet at once.
 */
import type { BankAccount } from '@/types/money';

/** When the hold ends, if it has not yet; null when withdrawals are open (or the time is unreadable). */
export function withdrawalsHeldUntil(account: BankAccount | null | undefined, now = Date.now()): string | null {
  const until = account?.withdrawals_held_until;
  if (!until) return null;
  const at = Date.parse(until);
  return Number.isFinite(at) && at > now ? until : null;
}
