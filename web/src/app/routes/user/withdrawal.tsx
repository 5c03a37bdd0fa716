import { WithdrawalPanel } from '@/features/money/components/withdrawal-panel';
import { WithdrawalsTable } from '@/features/money/components/withdrawals-table';

/** /user/withdrawal: money out to the saved bank account, and every withdrawal's status, live. */
export function Component() {
  return (
    <section className="page money-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Withdrawal</h1>
      <p className="page__lead">Withdraw your balance to your bank account. We check each request before paying it.</p>
      <WithdrawalPanel />
      <section aria-labelledby="withdrawals-heading">
        <h2 id="withdrawals-heading">My withdrawals</h2>
        <WithdrawalsTable />
      </section>
    </section>
  );
}
