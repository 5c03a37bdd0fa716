/** /boss/contacts: messages from the contact form, newest first; each new one can be marked handled. */
import type { Column } from '@/components/data-table/column';
import { toast } from '@/lib/toast-store';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import { CONTACTS_PATH, useResolveContact } from '@/features/admin/api/contacts';
import { StatusBadge } from '@/features/admin/components/admin-ui';
import { AdminList } from '@/features/admin/components/admin-list';
import type { Contact } from '@/features/admin/types';

function ResolveButton({ contact }: { contact: Contact }) {
  const resolve = useResolveContact();
  if (contact.status === 'handled') {
    return contact.resolved_at ? <span className="admin-note">Handled {formatShortDateTimeWAT(contact.resolved_at)}</span> : null;
  }
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      disabled={resolve.isPending}
      aria-busy={resolve.isPending}
      aria-label={`Mark handled: ${contact.subject}`}
      onClick={() =>
        resolve.mutate(contact.id, { onSuccess: (answer) => toast.success(answer.message ?? 'Marked as handled') })
      }
    >
      Mark handled
    </button>
  );
}

const COLUMNS: Column<Contact>[] = [
  { key: 'created_at', header: 'Received', sortable: true, cell: (c) => formatShortDateTimeWAT(c.created_at) },
  {
    key: 'name',
    header: 'From',
    sortable: true,
    cell: (c) => (
      <>
        {c.name}
        <a className="admin-note break" href={`mailto:${c.email}`}>
          {c.email}
        </a>
      </>
    ),
  },
  { key: 'subject', header: 'Subject', sortable: true, cell: (c) => <strong>{c.subject}</strong> },
  { key: 'message', header: 'Message', cell: (c) => <p className="contact-message">{c.message}</p> },
  { key: 'status', header: 'Status', sortable: true, cell: (c) => <StatusBadge status={c.status} /> },
  { key: 'action', header: 'Action', cell: (c) => <ResolveButton contact={c} /> },
];

/** On a phone a message reads as a message: subject, sender, the text left-aligned, then what to do. */
function ContactCard({ contact }: { contact: Contact }) {
  return (
    <article className="admin-item" aria-label={contact.subject}>
      <div className="admin-item__head">
        <strong className="admin-item__title">{contact.subject}</strong>
        <StatusBadge status={contact.status} />
      </div>
      <p className="admin-note">
        {contact.name} ·{' '}
        <a className="break" href={`mailto:${contact.email}`}>
          {contact.email}
        </a>{' '}
        · {formatShortDateTimeWAT(contact.created_at)}
      </p>
      <p className="contact-message">{contact.message}</p>
      <ResolveButton contact={contact} />
    </article>
  );
}

export function ContactsTable() {
  return (
    <AdminList<Contact>
      path={CONTACTS_PATH}
      caption="Contact messages"
      columns={COLUMNS}
      rowKey={(c) => c.id}
      searchLabel="Search messages"
      searchPlaceholder="Name, email, subject, words or status"
      emptyMessage="No messages yet."
      renderCard={(contact) => <ContactCard contact={contact} />}
    />
  );
}
