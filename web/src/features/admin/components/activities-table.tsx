/**
 * /boss/activities: the audit log of admin actions and security events, newest first, with its filters (the
 * witness's routine entries hidden unless asked for). Read-only.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { Column } from '@/components/data-table/column';
import { paths } from '@/config/paths';
import { formatDateTimeWAT } from '@/lib/lagos-time';
import { Missing, ShortStamp } from '@/features/admin/components/admin-ui';
import { AdminList } from '@/features/admin/components/admin-list';
import { AuditFilters } from '@/features/admin/components/audit-filters';
import { auditParams, DEFAULT_AUDIT_FILTERS, hasAuditFilters } from '@/features/admin/lib/audit-filters';
import { useSettled } from '@/lib/use-settled';
import type { Activity } from '@/features/admin/types';

/** How long typing pauses before a typed filter is asked for. */
const TYPING_PAUSE_MS = 350;

/** `user:7` opens the player; other targets (`draw:12`, `marquee:3`) are read as they are. */
function Target({ target }: { target: string | null }) {
  if (!target) return <Missing />;
  const user = /^user:(\d+)$/.exec(target);
  return user?.[1] ? <Link to={paths.boss.user.getHref(user[1])}>{target}</Link> : <>{target}</>;
}

const COLUMNS: Column<Activity>[] = [
  { key: 'created_at', header: 'When', sortable: true, cell: (a) => <ShortStamp at={a.created_at} long /> },
  { key: 'actor', header: 'Who', sortable: true, cell: (a) => (a.actor ? <span className="break">{a.actor}</span> : <Missing />) },
  { key: 'action', header: 'What', sortable: true, cell: (a) => <code className="action-code">{a.action}</code> },
  { key: 'target', header: 'Target', sortable: true, cell: (a) => <Target target={a.target} /> },
  { key: 'ip', header: 'From', sortable: true, cell: (a) => a.ip ?? <Missing /> },
  { key: 'detail', header: 'Detail', cell: (a) => (a.detail ? <span className="break">{a.detail}</span> : <Missing />) },
];

function ActivityCard({ activity }: { activity: Activity }) {
  return (
    <article className="admin-item">
      <div className="admin-item__head">
        <code className="action-code admin-item__title">{activity.action}</code>
        <Target target={activity.target} />
      </div>
      <p className="admin-note">
        {formatDateTimeWAT(activity.created_at)} · by {activity.actor ?? 'unknown'}
        {activity.ip ? ` · from ${activity.ip}` : ''}
      </p>
      {activity.detail ? <p className="activity__detail">{activity.detail}</p> : null}
    </article>
  );
}

export function ActivitiesTable() {
  const [filters, setFilters] = useState(DEFAULT_AUDIT_FILTERS);
  const settled = useSettled(filters, TYPING_PAUSE_MS);
  return (
    <>
      <AuditFilters value={filters} onChange={setFilters} />
      <AdminList<Activity>
        path="/admin/activities"
        caption="Audit log"
        columns={COLUMNS}
        rowKey={(a) => a.id}
        filters={auditParams(settled)}
        searchLabel="Search the audit log"
        searchPlaceholder="Who, action, target, IP address or detail"
        emptyMessage={hasAuditFilters(settled) ? 'No entry matches these filters.' : 'Nothing recorded yet.'}
        renderCard={(activity) => <ActivityCard activity={activity} />}
      />
    </>
  );
}
