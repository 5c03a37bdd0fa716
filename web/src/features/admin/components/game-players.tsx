/** /boss/players/{slug}: every ticket of one game with its player (GET /admin/games/{slug}/players). */
import { Link } from 'react-router';
import type { Column } from '@/components/data-table/column';
import { paths } from '@/config/paths';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import { betTypeLabel } from '@/lotto';
import { AdminList } from '@/features/admin/components/admin-list';
import { ticketPlayColumns } from '@/features/admin/components/ticket-columns';
import type { PlayerTicket } from '@/features/admin/types';

const COLUMNS: Column<PlayerTicket>[] = [
  { key: 'id', header: 'Ticket', sortable: true, cell: (t) => `#${t.id}` },
  {
    key: 'player_name',
    header: 'Player',
    sortable: true,
    cell: (t) => (
      <Link to={paths.boss.user.getHref(String(t.player.id))}>
        {t.player_name ?? t.player.email ?? `Player ${t.player.id}`}
      </Link>
    ),
  },
  { key: 'bet_type', header: 'Bet', sortable: true, cell: (t) => betTypeLabel(t.bet_type) },
  ...ticketPlayColumns<PlayerTicket>(),
  { key: 'draw_id', header: 'Draw', sortable: true, cell: (t) => `#${t.draw_id}` },
  { key: 'created_at', header: 'Bought', sortable: true, cell: (t) => formatShortDateTimeWAT(t.created_at) },
];

export function GamePlayers({ slug, gameName }: { slug: string; gameName: string }) {
  return (
    <AdminList<PlayerTicket>
      path={`/admin/games/${encodeURIComponent(slug)}/players`}
      caption={`Tickets of ${gameName}`}
      columns={COLUMNS}
      rowKey={(t) => t.id}
      searchLabel="Search tickets"
      searchPlaceholder="Player, bet type, status, ticket or draw number"
      emptyMessage="No tickets for this game yet."
    />
  );
}
