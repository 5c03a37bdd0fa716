import { PageHeading } from '@/features/admin/components/admin-ui';
import { IdentityReviews } from '@/features/admin/components/identity-reviews';

/** /boss/identity-reviews: NIN checks whose names did not clearly match, for an admin to approve or reject. */
export function Component() {
  return (
    <section aria-labelledby="page-heading">
      <PageHeading>Identity reviews</PageHeading>
      <p className="page__lead">
        A player may withdraw once the name on their NIN matches their name and their payout account’s. When the
        comparison is not clear, it waits here: compare the names and decide.
      </p>
      <IdentityReviews />
    </section>
  );
}
