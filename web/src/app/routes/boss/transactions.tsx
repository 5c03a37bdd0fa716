import { PageHeading } from '@/features/admin/components/admin-ui';
import { MoneyTransactions } from '@/features/admin/components/money-transactions';

/** /boss/transactions: every ledger entry; approve or reject withdrawals. */
export function Component() {
  return (
    <section aria-labelledby="page-heading">
      <PageHeading>Transactions</PageHeading>
      <MoneyTransactions />
    </section>
  );
}
