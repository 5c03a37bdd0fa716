/**
 * /boss/games: every game, paused ones too (GET /admin/games), a docs/product.md §15 table refreshed every 30 s so the
 * next draws stay current: status, schedule in words, when sales close, the next draws, odds and stakes, and for each
 * game Edit, its players' tickets and its draws. On a phone each game is a card.
 */
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Column } from '@/components/data-table/column';
import { paths } from '@/config/paths';
import { formatNaira } from '@/lib/format';
import { ADMIN_GAMES_PATH, DRAWS_REFRESH_MS } from '@/features/admin/api/get-games';
import { Missing, ShortStamp, StatusBadge } from '@/features/admin/components/admin-ui';
import { AdminList } from '@/features/admin/components/admin-list';
import { describeCloseBefore, describeSchedule } from '@/features/admin/lib/schedule';
import type { AdminGame } from '@/features/admin/types';

type OnEdit = (game: AdminGame) => void;

/**
 * The draws still ahead (scheduled or open), soonest first: a game shows two, where `next_draw` is only the one
 * on sale.
 */
export function upcomingDraws(game: AdminGame, now = Date.now()) {
  return (game.draws ?? [])
    .filter((draw) => (draw.status === 'scheduled' || draw.status === 'open') && Date.parse(draw.draws_at) > now)
    .sort((a, b) => Date.parse(a.draws_at) - Date.parse(b.draws_at));
}

function NextDraws({ game }: { game: AdminGame }) {
  const upcoming = upcomingDraws(game).slice(0, 2);
  if (upcoming.length === 0) return <>{game.status === 'paused' ? 'None while paused' : 'None scheduled yet'}</>;
  return (
    <>
      {upcoming.map((draw) => (
        <span key={draw.id} className="game-admin__next">
          <ShortStamp at={draw.draws_at} /> <StatusBadge status={draw.status} />
          {draw.held_reason ? (
            <span className="game-admin__held" role="note">
              Not on sale: {draw.held_reason}
            </span>
          ) : null}
        </span>
      ))}
    </>
  );
}

const times = (multiplier: number) => `×${multiplier.toLocaleString('en-NG')}`;

const odds = ({ multipliers: m }: AdminGame) =>
  `NAP 1 ${times(m.nap1)} · NAP 2 ${times(m.nap2)} · NAP 5 ${times(m.nap5)}`;

function Stakes({ game }: { game: AdminGame }) {
  const rules = game.stake_rules;
  return (
    <>
      <span className="nowrap">
        {formatNaira(rules.min_ticket_total)} – {formatNaira(rules.max_ticket_total)}
      </span>{' '}
      a ticket; cap <span className="nowrap">{formatNaira(rules.payout_cap)}</span>
    </>
  );
}

function GameActions({ game, onEdit }: { game: AdminGame; onEdit: OnEdit }) {
  return (
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
      <Link
        to={paths.boss.gameDraws.getHref(game.id)}
        className="button button--ghost button--small"
        aria-label={`Draws of ${game.name}`}
      >
        Draws
      </Link>
    </div>
  );
}

function gameColumns(onEdit: OnEdit): Column<AdminGame>[] {
  return [
    {
      key: 'name',
      header: 'Game',
      sortable: true,
      rowHeader: true,
      cell: (g) => g.name,
    },
    { key: 'status', header: 'Status', sortable: true, cell: (g) => <StatusBadge status={g.status} /> },
    {
      key: 'schedule',
      header: 'Schedule',
      cell: (g) => (
        <>
          {describeSchedule(g.schedule)}
          <span className="admin-note">{describeCloseBefore(g.close_before_secs)}</span>
        </>
      ),
    },
    { key: 'next_draws', header: 'Next draws', cell: (g) => <NextDraws game={g} /> },
    { key: 'odds', header: 'Odds', cell: odds },
    { key: 'stakes', header: 'Stakes', cell: (g) => <Stakes game={g} /> },
    {
      key: 'created_at',
      header: 'Created',
      sortable: true,
      cell: (g) => (g.created_at ? <ShortStamp at={g.created_at} /> : <Missing />),
    },
    { key: 'actions', header: 'Actions', cell: (g) => <GameActions game={g} onEdit={onEdit} /> },
  ];
}

/** On a phone a game is a card: its name as a heading, the facts, then what to do. */
function GameCard({ game, onEdit }: { game: AdminGame; onEdit: OnEdit }) {
  return (
    <article className="game-admin" aria-labelledby={`game-${game.id}-name`}>
      <div className="game-admin__head">
        <h2 id={`game-${game.id}-name`} className="game-admin__name">
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
            <NextDraws game={game} />
          </dd>
        </div>
        <div>
          <dt>Odds</dt>
          <dd>{odds(game)}</dd>
        </div>
        <div>
          <dt>Stakes</dt>
          <dd>
            <Stakes game={game} />
          </dd>
        </div>
      </dl>
      <GameActions game={game} onEdit={onEdit} />
    </article>
  );
}

export function GamesTable({ onEdit }: { onEdit: OnEdit }) {
  const columns = useMemo(() => gameColumns(onEdit), [onEdit]);
  return (
    <AdminList<AdminGame>
      path={ADMIN_GAMES_PATH}
      caption="Games"
      columns={columns}
      rowKey={(g) => g.id}
      refreshEvery={DRAWS_REFRESH_MS}
      searchLabel="Search games"
      searchPlaceholder="Name, slug or status"
      emptyMessage="No games found. Create one with “New game”."
      renderCard={(game) => <GameCard game={game} onEdit={onEdit} />}
    />
  );
}
