/**
 * The player's latest tickets in one game, on its play page: each settles in place (won or lost) when the draw
 * is paid, without a reload.
 */
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useTickets } from '../api/get-tickets';
import { TicketCard } from './ticket-card';
import './tickets.css';

export function GameTickets({ gameId, gameName, count = 5 }: { gameId: number; gameName: string; count?: number }) {
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
            <TicketCard ticket={ticket} />
          </li>
        ))}
      </ul>
      <p>
        <Link to={paths.user.myLottery.getHref()}>All my tickets</Link>
      </p>
    </>
  );
}
