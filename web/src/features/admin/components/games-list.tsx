/**
 * Every game (paused ones too) as a card: status, schedule in words, when sales close, the next draws, and
 * buttons to edit it, see its players' tickets and open its recent draws.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatNaira, formatShortDateTimeWAT } from '@/lib/format';
import { StatusBadge } from '@/features/admin/components/admin-ui';
import { GameDraws } from '@/features/admin/components/game-draws';
import { describeCloseBefore, describeSchedule } from '@/features/admin/lib/schedule';
import type { AdminGame } from '@/features/admin/types';

/**
 * The draws still ahead (scheduled or open), soonest first: the card shows two, where `next_draw` is only the one
 * on sale.
 */
export function upcomingDraws(game: AdminGame, now = Date.now()) {
  return (game.draws ?? [])
    .filter((draw) => (draw.status === 'scheduled' || draw.status === 'open') && Date.parse(draw.draws_at) > now)
    .sort((a, b) => Date.parse(a.draws_at) - Date.parse(b.draws_at));
}

function GameCard({ game, onEdit }: { game: AdminGame; onEdit: (game: AdminGame) => void }) {
  const [showDraws, setShowDraws] = useState(false);
  const drawsId = useId();
  const upcoming = upcomingDraws(game).slice(0, 2);
  const headingId = `${drawsId}-name`;
  return (
    <li className="game-admin">
      <div className="game-admin__head">
        <h2 id={headingId} className="game-admin__name">
          {game.name}
        </h2>
        <StatusBadge status={game.status} />
      </div>
      {game.description ? <p className="game-admin__description">{game.description}</p> : null}
      <dl className="game-admin__facts">
        <div>
          <dt>Schedule</dt>
          <dd>{describeSchedule(game.schedule)}</dd>
        </div>
        <div>
          <dt>Sales</dt>
          <dd>{describeCloseBefore(game.close_before_secs)}</dd>
        </div>
        <div>
          <dt>Next draws</dt>
          <dd>
            {upcoming.length > 0
              ? upcoming.map((draw) => (
                  <span key={draw.id} className="game-admin__next">
                    <span>{formatShortDateTimeWAT(draw.draws_at)}</span> <StatusBadge status={draw.status} />
                  </span>
                ))
              : game.status === 'paused'
                ? 'None while paused'
                : 'None scheduled yet'}
          </dd>
        </div>
        <div>
          <dt>Odds</dt>
          <dd>
            NAP 1 ×{game.multipliers.nap1.toLocaleString('en-NG')} · NAP 2 ×{game.multipliers.nap2.toLocaleString('en-NG')}{' '}
            · NAP 5 ×{game.multipliers.nap5.toLocaleString('en-NG')}
          </dd>
        </div>
        <div>
          <dt>Stakes</dt>
          <dd>
            {formatNaira(game.stake_rules.min_ticket_total)} – {formatNaira(game.stake_rules.max_ticket_total)} a ticket; cap{' '}
            {formatNaira(game.stake_rules.payout_cap)}
          </dd>
        </div>
      </dl>
      <div className="game-admin__actions">
        <button
          type="button"
          className="button button--primary button--small"
          aria-label={`Edit ${game.name}`}
          onClick={() => onEdit(game)}
        >
          Edit
        </button>
        <Link
          to={paths.boss.players.getHref(game.slug)}
          className="button button--ghost button--small"
          aria-label={`Players & tickets of ${game.name}`}
        >
          Players &amp; tickets
        </Link>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={showDraws}
          aria-controls={drawsId}
          aria-label={`Recent draws of ${game.name}`}
          onClick={() => setShowDraws((open) => !open)}
        >
          {showDraws ? 'Hide draws' : 'Recent draws'}
        </button>
      </div>
      <div id={drawsId} hidden={!showDraws} className="game-admin__draws">
        {showDraws ? <GameDraws gameName={game.name} draws={game.draws ?? []} /> : null}
      </div>
    </li>
  );
}

export function GamesList({ games, onEdit }: { games: AdminGame[]; onEdit: (game: AdminGame) => void }) {
  if (games.length === 0) {
    return <p className="empty-state">No games yet. Create the first one with “New game”.</p>;
  }
  return (
    <ul className="games-admin" aria-label="Games">
      {games.map((game) => (
        <GameCard key={game.id} game={game} onEdit={onEdit} />
      ))}
    </ul>
  );
}
