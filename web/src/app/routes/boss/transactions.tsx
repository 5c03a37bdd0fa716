import { ComingSoon } from '@/components/ui/coming-soon';

/** /boss/transactions: waits for the money API (docs/api-money.md). */
export function Component() {
  return (
    <ComingSoon heading="Transactions">
      Every ledger entry, and approving or rejecting withdrawals, arrive with the money service.
    </ComingSoon>
  );
}
