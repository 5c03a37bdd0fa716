/** Every marquee message (GET /admin/marquees), with where it stands now; each opens its own page. */
import { Link } from 'react-router';
import type { Column } from '@/components/data-table/column';
import { paths } from '@/config/paths';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import { MARQUEES_PATH } from '@/features/admin/api/marquees';
import { Missing, StatusBadge } from '@/features/admin/components/admin-ui';
import { AdminList } from '@/features/admin/components/admin-list';
import { marqueeState } from '@/features/admin/lib/marquee-form';
import type { Marquee } from '@/features/admin/types';

const when = (value: string | null) => (value ? formatShortDateTimeWAT(value) : <Missing />);

const COLUMNS: Column<Marquee>[] = [
  {
    key: 'text',
    header: 'Message',
    sortable: true,
    cell: (m) => (
      <Link to={paths.boss.marqueeMessage.getHref(String(m.id))} className="marquee-row__text">
        {m.text}
      </Link>
    ),
  },
  { key: 'live', header: 'Now', cell: (m) => <StatusBadge status={marqueeState(m)} /> },
  { key: 'priority', header: 'Priority', sortable: true, numeric: true, cell: (m) => m.priority },
  { key: 'starts_at', header: 'Starts', sortable: true, cell: (m) => when(m.starts_at) },
  { key: 'ends_at', header: 'Ends', sortable: true, cell: (m) => when(m.ends_at) },
  { key: 'updated_at', header: 'Updated', sortable: true, cell: (m) => formatShortDateTimeWAT(m.updated_at) },
];

function MarqueeCard({ message }: { message: Marquee }) {
  return (
    <article className="admin-item">
      <div className="admin-item__head">
        <Link to={paths.boss.marqueeMessage.getHref(String(message.id))} className="admin-item__title">
          {message.text}
        </Link>
        <StatusBadge status={marqueeState(message)} />
      </div>
      <p className="admin-note">
        Priority {message.priority} · starts {message.starts_at ? formatShortDateTimeWAT(message.starts_at) : 'now'} · ends{' '}
        {message.ends_at ? formatShortDateTimeWAT(message.ends_at) : 'when switched off'}
      </p>
    </article>
  );
}

export function MarqueeList() {
  return (
    <AdminList<Marquee>
      path={MARQUEES_PATH}
      caption="Marquee messages"
      columns={COLUMNS}
      rowKey={(m) => m.id}
      searchLabel="Search messages"
      emptyMessage="No messages yet. Publish the first one above."
      renderCard={(message) => <MarqueeCard message={message} />}
    />
  );
}
