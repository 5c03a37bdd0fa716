import { PageHeading } from '@/features/admin/components/admin-ui';
import { AccountsTable } from '@/features/admin/components/accounts-table';

/** /boss/accounts: players' saved bank accounts. */
export function Component() {
  return (
    <section aria-labelledby="page-heading">
      <PageHeading>Accounts</PageHeading>
      <AccountsTable />
    </section>
  );
}
