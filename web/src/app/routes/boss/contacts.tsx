import { PageHeading } from '@/features/admin/components/admin-ui';
import { ContactsTable } from '@/features/admin/components/contacts-table';

/** /boss/contacts: messages sent through the contact form. */
export function Component() {
  return (
    <section aria-labelledby="page-heading">
      <PageHeading>Contacts</PageHeading>
      <ContactsTable />
    </section>
  );
}
