import { PageHeading } from '@/features/admin/components/admin-ui';
import { AdjustmentApprovals } from '@/features/admin/components/adjustment-approvals';

/** /boss/approvals: large wallet adjustments waiting for a second admin, and those already decided. */
export function Component() {
  return (
    <section aria-labelledby="page-heading">
      <PageHeading>Approvals</PageHeading>
      <p className="page__lead">
        A manual adjustment above the approval limit moves no money until an admin other than the one who asked for
        it approves it.
      </p>
      <AdjustmentApprovals />
    </section>
  );
}
