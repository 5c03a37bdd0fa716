/**
 * The player's latest tickets in one game, on its play page: each settles in place (won or lost) when the draw
 * is paid, without a reload.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Ticket } from '@/types/lotto';
import { useTickets } from '../api/get-tickets';
import { TicketCard } from './ticket-card';
import './tickets.css';

type Props = {
  gameId: number;
  gameName: string;
  count?: number;
  /** At the foot of each ticket's card (its receipt). */
  renderExtra?: (ticket: Ticket) => ReactNode;
};

export function GameTickets({ gameId, gameName, count = 5, renderExtra }: Props) {
  const tickets = useTickets({ search: gameName, per_page: 20, sort_by: 'created_at', sort_type: 'desc' });
  const mine = (tickets.data?.data ?? []).filter((ticket) => ticket.game_id === gameId).slice(0, count);
  if (tickets.isPending) return null;
  if (mine.length === 0) {
    return <p className="empty-state">Tickets you buy for {gameName} show here, and settle live after the draw.</p>;
  }
  return (
    <>
      <ul className="game-tickets" aria-label={`Your ${gameName} tickets`}>
        {mine.map((ticket) => (
          <li key={ticket.id}>
            <TicketCard ticket={ticket}>{renderExtra?.(ticket)}</TicketCard>
          </li>
        ))}
      </ul>
      <p>
        <Link to={paths.user.myLottery.getHref()}>All my tickets</Link>
      </p>
    </>
  );
}
