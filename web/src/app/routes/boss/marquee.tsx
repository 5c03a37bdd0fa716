import { PageHeading } from '@/features/admin/components/admin-ui';
import { MarqueeForm } from '@/features/admin/components/marquee-form';
import { MarqueeList } from '@/features/admin/components/marquee-list';

/** /boss/marquee: publish a message to the strip under the site header; every message below. */
export function Component() {
  return (
    <section aria-labelledby="page-heading">
      <PageHeading>Marquee</PageHeading>
      <section className="card admin-card" aria-labelledby="new-marquee-heading">
        <h2 id="new-marquee-heading" className="admin-section-title">
          New message
        </h2>
        <MarqueeForm />
      </section>
      <h2 className="admin-section-title">All messages</h2>
      <MarqueeList />
    </section>
  );
}
