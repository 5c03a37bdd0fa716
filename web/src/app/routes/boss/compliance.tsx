import { PageHeading } from '@/features/admin/components/admin-ui';
import { LicenceForm } from '@/features/admin/components/compliance/licence-form';
import { Reports } from '@/features/admin/components/compliance/reports';
import { TaxRules } from '@/features/admin/components/compliance/tax-rules';
import '@/features/admin/components/compliance/compliance.css';

/** /boss/compliance: the month's regulator, tax and AML reports, the licensed states and the tax rules. */
export function Component() {
  return (
    <section aria-labelledby="page-heading">
      <PageHeading>Compliance</PageHeading>
      <Reports />
      <LicenceForm />
      <TaxRules />
    </section>
  );
}
