import { PageHeading } from '@/features/admin/components/admin-ui';
import { UsersTable } from '@/features/admin/components/users-table';

/** /boss/users: search players; each name opens the player. */
export function Component() {
  return (
    <section aria-labelledby="page-heading">
      <PageHeading>Users</PageHeading>
      <UsersTable />
    </section>
  );
}
