/** /boss/users: every player, searchable by name, email or phone (GET /admin/users). */
import { Link } from 'react-router';
import type { Column } from '@/components/data-table/column';
import { paths } from '@/config/paths';
import { formatCalendarDate, formatNaira, maskPhone } from '@/lib/format';
import { StatusBadge } from '@/features/admin/components/admin-ui';
import { AdminList } from '@/features/admin/components/admin-list';
import { ProtectionBadge } from '@/features/admin/components/protection-badge';
import type { AdminUser } from '@/features/admin/types';

const COLUMNS: Column<AdminUser>[] = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    cell: (u) => <Link to={paths.boss.user.getHref(String(u.id))}>{u.name}</Link>,
  },
  { key: 'email', header: 'Email', sortable: true, cell: (u) => <span className="break">{u.email}</span> },
  { key: 'phoneNumber', header: 'Phone', cell: (u) => maskPhone(u.phoneNumber ?? '') },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    cell: (u) => (
      <span className="badge-row">
        <StatusBadge status={u.status} />
        {u.email_verified ? null : <StatusBadge status="unverified" tone="warn" />}
        <ProtectionBadge protection={u.protection} />
      </span>
    ),
  },
  {
    key: 'balance',
    header: 'Balance',
    numeric: true,
    cell: (u) => formatNaira(u.relationships?.wallet?.balance ?? 0),
  },
  { key: 'created_at', header: 'Joined', sortable: true, cell: (u) => formatCalendarDate(u.created_at) },
];

export function UsersTable() {
  return (
    <AdminList<AdminUser>
      path="/admin/users"
      caption="Players"
      columns={COLUMNS}
      rowKey={(u) => u.id}
      searchLabel="Search players"
      searchPlaceholder="Name, email or phone number"
      emptyMessage="No players match."
    />
  );
}
