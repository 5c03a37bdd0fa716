import { PageHeading } from '@/features/admin/components/admin-ui';
import { ActivitiesTable } from '@/features/admin/components/activities-table';

/** /boss/activities: who did what, when and from where. */
export function Component() {
  return (
    <section aria-labelledby="page-heading">
      <PageHeading>Activities</PageHeading>
      <p className="page__lead">Every admin action and security event, newest first. Nothing here can be changed.</p>
      <ActivitiesTable />
    </section>
  );
}
