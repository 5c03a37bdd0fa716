import type { WithdrawalStatus } from '@/types/money';
import { WITHDRAWAL_STATUS } from '../lib/labels';
import { MoneyBadge } from './money-badge';

/** A withdrawal's status as a word: Pending, Processing, Paid, Rejected, Failed, Reversed. */
export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  return <MoneyBadge word={WITHDRAWAL_STATUS[status] ?? { label: status, tone: 'muted' }} testId="withdrawal-status" />;
}
