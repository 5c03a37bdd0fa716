import { PageHeading } from '@/features/admin/components/admin-ui';
import { OperatorForm } from '@/features/admin/components/settings/operator-form';

/** /boss/settings: who runs the lottery, as the site shows it (issue 32). */
export function Component() {
  return (
    <section aria-labelledby="page-heading">
      <PageHeading>Settings</PageHeading>
      <OperatorForm />
    </section>
  );
}
