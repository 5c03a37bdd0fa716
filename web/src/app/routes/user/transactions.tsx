import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { TransactionsTable } from '@/features/money/components/transactions-table';

/** /user/transactions: every deposit, stake, win, refund and withdrawal, with the balance after each. */
export function Component() {
  return (
    <section className="page money-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Transactions</h1>
      <p className="page__lead">
        Every movement of your balance, newest first. Times are in WAT. Tax withheld from winnings is on your{' '}
        <Link to={paths.user.taxStatement.getHref()}>tax statement</Link>.
      </p>
      <TransactionsTable />
    </section>
  );
}
