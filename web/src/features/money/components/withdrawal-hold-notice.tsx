import { formatDateTimeWAT } from '@/lib/lagos-time';
import type { BankAccount } from '@/types/money';
import { withdrawalsHeldUntil } from '../lib/withdrawal-hold';

/** Withdrawals paused after a change of bank account, and until when; nothing once the pause is over. */
export function WithdrawalHoldNotice({ account }: { account: BankAccount | null | undefined }) {
  const until = withdrawalsHeldUntil(account);
  if (!until) return null;
  return (
    <div className="money-notice money-notice--break" data-testid="withdrawal-hold-notice">
      <p>Withdrawals are paused until {formatDateTimeWAT(until)} because your bank account was changed.</p>
    </div>
  );
}
