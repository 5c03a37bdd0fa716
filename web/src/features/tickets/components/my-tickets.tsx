/**
 * /user/my-lottery: the player's tickets as a docs/product.md §15 table (page, 20 a page by default, search, sort;
 * newest first), cards on a phone. `ticket.settled` (or `tickets.settled`, a draw's at once) from the socket updates
 * rows in place, then the list refetches.
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Column } from '@/components/data-table/column';
import { DataTable } from '@/components/data-table/data-table';
import { tableParams, useTableQuery, type TableQuery } from '@/components/data-table/table-query';
import { paths } from '@/config/paths';
import { formatNaira } from '@/lib/format';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import { betTypeLabel } from '@/lotto';
import type { Ticket } from '@/types/lotto';
import { useTickets } from '../api/get-tickets';
import { picksText } from '../ticket-format';
import { StatusBadge } from './status-badge';
import { TicketCard } from './ticket-card';
import './tickets.css';

const COLUMNS: Column<Ticket>[] = [
  {
    key: 'draw_id',
    header: 'Draw',
    sortable: true,
    cell: (t) => (
      <>
        <strong>{t.draw?.number ? `Draw ${t.draw.number}` : `#${t.draw_id}`}</strong>
        {t.draw ? <div className="data-table__sub">{formatShortDateTimeWAT(t.draw.draws_at)}</div> : null}
      </>
    ),
  },
  { key: 'game_name', header: 'Game', sortable: true, cell: (t) => t.game_name ?? '–' },
  { key: 'bet_type', header: 'Bet', sortable: true, cell: (t) => betTypeLabel(t.bet_type) },
  { key: 'numbers', header: 'Numbers', cell: (t) => <span className="ticket-picks">{picksText(t)}</span> },
  { key: 'lines', header: 'Lines', sortable: true, numeric: true, cell: (t) => t.lines },
  { key: 'total_stake', header: 'Stake', sortable: true, numeric: true, cell: (t) => formatNaira(t.total_stake) },
  { key: 'status', header: 'Status', sortable: true, cell: (t) => <StatusBadge status={t.status} /> },
  {
    key: 'winnings',
    header: 'Winnings',
    sortable: true,
    numeric: true,
    cell: (t) => (t.status === 'pending' ? '–' : formatNaira(t.winnings)),
  },
  { key: 'created_at', header: 'Bought', sortable: true, cell: (t) => formatShortDateTimeWAT(t.created_at) },
];

type Props = {
  /** More for each ticket (its receipt): at the foot of its card on a phone, in a last column of the table. */
  renderExtra?: (ticket: Ticket, shape: 'card' | 'row') => ReactNode;
  /** The last column's header. */
  extraHeader?: string;
};

export function MyTickets({ renderExtra, extraHeader = 'More' }: Props) {
  const [query, setQuery] = useTableQuery();
  const tickets = useTickets(tableParams(query));
  const onQueryChange = useCallback((next: TableQuery) => setQuery(next), [setQuery]);
  const columns = useMemo(
    () =>
      renderExtra
        ? [...COLUMNS, { key: 'extra', header: extraHeader, cell: (t: Ticket) => renderExtra(t, 'row') }]
        : COLUMNS,
    [renderExtra, extraHeader],
  );
  return (
    <DataTable
      caption="My tickets"
      columns={columns}
      rows={tickets.data?.data}
      total={tickets.data?.meta?.total ?? 0}
      rowKey={(t) => t.id}
      query={query}
      onQueryChange={onQueryChange}
      loading={tickets.isFetching}
      failed={tickets.isError}
      onRetry={() => void tickets.refetch()}
      searchLabel="Search tickets"
      searchPlaceholder="Game, bet, status or draw"
      renderCard={(ticket) => <TicketCard ticket={ticket}>{renderExtra?.(ticket, 'card')}</TicketCard>}
      emptyMessage={
        query.search ? (
          <p>No tickets match “{query.search}”.</p>
        ) : (
          <p>
            You have no tickets yet. <Link to={paths.games.getHref()}>Pick a game</Link> and play your numbers.
          </p>
        )
      }
    />
  );
}
