/**
 * A player's tickets on their back-office page (GET /admin/users/{id}/tickets), a docs/product.md §15 table, newest
 * first.
 */
import type { Column } from '@/components/data-table/column';
import { betTypeLabel } from '@/lotto';
import { userTicketsPath } from '@/features/admin/api/get-user';
import { Missing, ShortStamp } from '@/features/admin/components/admin-ui';
import { AdminList } from '@/features/admin/components/admin-list';
import { ticketPlayColumns } from '@/features/admin/components/ticket-columns';
import type { Ticket } from '@/types/lotto';

const COLUMNS: Column<Ticket>[] = [
  { key: 'id', header: 'Ticket', sortable: true, rowHeader: true, cell: (t) => `#${t.id}` },
  { key: 'game_name', header: 'Game', sortable: true, cell: (t) => t.game_name ?? <Missing /> },
  { key: 'draw_id', header: 'Draw', sortable: true, cell: (t) => `#${t.draw_id}` },
  {
    key: 'bet_type',
    header: 'Bet',
    sortable: true,
    cell: (t) => <span className="nowrap">{betTypeLabel(t.bet_type)}</span>,
  },
  ...ticketPlayColumns<Ticket>(),
  {
    key: 'created_at',
    header: 'Bought',
    sortable: true,
    cell: (t) => <ShortStamp at={t.created_at} />,
  },
];

export function UserTickets({ userId, userName }: { userId: number; userName: string }) {
  return (
    <AdminList<Ticket>
      path={userTicketsPath(userId)}
      caption={`${userName}’s tickets`}
      columns={COLUMNS}
      rowKey={(t) => t.id}
      searchLabel="Search tickets"
      searchPlaceholder="Game, bet, status, ticket or draw number"
      emptyMessage="No tickets found."
    />
  );
}
