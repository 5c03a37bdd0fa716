/** The columns every back-office ticket table shares: the picks, the stake (with its lines), the status and the winnings. */
import type { Column } from '@/components/data-table/column';
import { formatNaira } from '@/lib/format';
import { StatusBadge } from '@/features/admin/components/admin-ui';
import { TicketPicks } from '@/features/admin/components/ticket-picks';
import type { Ticket } from '@/types/lotto';

export function ticketPlayColumns<T extends Ticket>(): Column<T>[] {
  return [
    { key: 'numbers', header: 'Numbers', cell: (t) => <TicketPicks ticket={t} /> },
    {
      key: 'total_stake',
      header: 'Stake',
      sortable: true,
      numeric: true,
      cell: (t) => (
        <>
          {formatNaira(t.total_stake)}
          {t.lines > 1 ? (
            <span className="admin-note">
              {t.lines} × {formatNaira(t.stake_per_line)}
            </span>
          ) : null}
        </>
      ),
    },
    { key: 'status', header: 'Status', sortable: true, cell: (t) => <StatusBadge status={t.status} /> },
    {
      key: 'winnings',
      header: 'Winnings',
      sortable: true,
      numeric: true,
      cell: (t) => (t.status === 'won' ? <strong>{formatNaira(t.winnings)}</strong> : formatNaira(t.winnings)),
    },
  ];
}
