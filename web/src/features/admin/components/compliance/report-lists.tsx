import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAmlFlags, useLargeTransactions, type ReportParams } from '@/features/admin/api/compliance';
import { LoadFailed } from '@/features/admin/components/admin-ui';
import { LocalTable } from '@/features/admin/components/local-table';
import { formatNaira } from '@/lib/format';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';

function PlayerLink({ id, name }: { id: number; name: string }) {
  return <Link to={paths.boss.user.getHref(String(id))}>{name || `#${id}`}</Link>;
}

export function LargeTransactions({ params }: { params: ReportParams }) {
  const list = useLargeTransactions(params);
  if (list.isPending) return <p aria-busy="true">Loading large transactions…</p>;
  if (list.isError) return <LoadFailed what="large transactions" onRetry={() => void list.refetch()} />;
  return (
    <LocalTable
      caption="Large transactions"
      rows={list.data}
      rowKey={(t) => t.id}
      empty="No deposit or withdrawal at or above the threshold this month."
      columns={[
        { key: 'created_at', header: 'When', cell: (t) => formatShortDateTimeWAT(t.created_at) },
        { key: 'player', header: 'Player', rowHeader: true, cell: (t) => <PlayerLink id={t.user_id} name={t.player} /> },
        { key: 'state', header: 'State', cell: (t) => t.state },
        { key: 'type', header: 'Type', cell: (t) => t.type },
        { key: 'status', header: 'Status', cell: (t) => t.status },
        { key: 'amount', header: 'Amount', numeric: true, cell: (t) => formatNaira(Math.abs(t.amount)) },
        { key: 'reference', header: 'Reference', cell: (t) => t.reference },
      ]}
    />
  );
}

const FLAG_LABEL = { structuring: 'Just under the threshold', little_play: 'Withdrew after little play' } as const;

export function AmlFlags({ params }: { params: ReportParams }) {
  const flags = useAmlFlags(params);
  if (flags.isPending) return <p aria-busy="true">Loading flags…</p>;
  if (flags.isError) return <LoadFailed what="AML flags" onRetry={() => void flags.refetch()} />;
  return (
    <LocalTable
      caption="AML flags"
      rows={flags.data}
      rowKey={(f) => `${f.user_id}-${f.kind}`}
      empty="Nothing to review this month."
      columns={[
        { key: 'player', header: 'Player', rowHeader: true, cell: (f) => <PlayerLink id={f.user_id} name={f.player} /> },
        { key: 'state', header: 'State', cell: (f) => f.state },
        { key: 'kind', header: 'Pattern', cell: (f) => FLAG_LABEL[f.kind] },
        { key: 'detail', header: 'Detail', cell: (f) => f.detail },
      ]}
    />
  );
}
