/**
 * /games/:id (id or slug): the play page. The bet slip first (it fits one phone screen), then the draw being
 * drawn, the player's tickets in this game (settling live), the recent results each with its Verify panel, and
 * the game's rates and limits.
 */
import { memo, startTransition, useDeferredValue, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ReconnectingNotice } from '@/components/ui/reconnecting-notice/reconnecting-notice';
import { GamePageSkeleton } from '@/components/ui/skeletons/page-skeletons';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/format';
import { BET_TYPE_ORDER, betTypeLabel, multiplierFor } from '@/lotto';
import { useAuth } from '@/lib/session';
import type { Draw, GameDetail } from '@/types/lotto';
import { useGame } from '@/features/games/api/get-game';
import { DrawResult, DrawResultSkeleton } from '@/features/games/components/draw-result';
import { useGameDraws } from '@/features/games/hooks';
import { describeSchedule } from '@/features/games/schedule';
import '@/features/games/components/games.css';
import { BetSlipForm } from '@/features/play/components/bet-slip-form';
import { BreakNotice } from '@/components/ui/break-notice/break-notice';
import { useBreak } from '@/lib/on-break';
import { GameTickets } from '@/features/tickets/components/game-tickets';
import { TicketReceipt } from '@/features/verify/components/ticket-receipt';
import { VerifyToggle } from '@/features/verify/components/verify-toggle';
import './game.css';

export function Component() {
  const { id = '' } = useParams();
  const game = useGame(id);
  // The page is drawn from its data as a low-priority update, in slices, so that a slow phone stays responsive
  // while the board and the results render; meanwhile the skeleton (or the page as it was) stays up.
  const shown = useDeferredValue(game.data);

  if (game.isPending) return <GamePageSkeleton />;
  if (game.isError) {
    const missing = game.error instanceof ApiError && game.error.status === 404;
    return (
      <section className="container page" aria-labelledby="page-heading">
        <h1 id="page-heading">{missing ? 'Game not found' : 'We could not load this game'}</h1>
        <p>
          {missing ? 'There is no game at this address. ' : 'Please try again in a moment. '}
          <Link to={paths.games.getHref()}>See all games</Link>
        </p>
        {missing ? null : (
          <button type="button" className="button button--ghost" onClick={() => void game.refetch()}>
            Try again
          </button>
        )}
      </section>
    );
  }
  if (!shown) return <GamePageSkeleton />;
  return <GamePage game={shown} />;
}

function closeBefore(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} seconds`;
}

/** Memoised: the urgent render that only brings the new data (see `shown`) skips it. */
const GamePage = memo(function GamePage({ game }: { game: GameDetail }) {
  const { next, drawing, results } = useGameDraws(game);
  // A player on a break sees the break and its end, not a board that would only fail at Buy.
  const onBreak = useBreak();
  // A phone shows the slip first: what is below it (results, rates) renders just after, as a low-priority
  // update, so the board is on screen sooner. Its place is held meanwhile, so nothing in view moves.
  const [below, setBelow] = useState(false);
  useEffect(() => startTransition(() => setBelow(true)), []);
  return (
    <div className="container play-page">
      <div className="play-page__head">
        <h1 className="play-page__title">{game.name}</h1>
        <p className="play-page__schedule">{describeSchedule(game.schedule)}</p>
      </div>

      <ReconnectingNotice />

      {onBreak ? <BreakNotice exclusion={onBreak} /> : <BetSlipForm key={game.id} game={game} draw={next} />}

      {below ? (
        <BelowTheSlip game={game} drawing={drawing} results={results} />
      ) : (
        <div className="play-page__below-pending" aria-hidden="true" />
      )}
    </div>
  );
});

/** The play page under the bet slip: the draws being drawn, the player's tickets, the results, rates and limits. */
function BelowTheSlip({ game, drawing, results }: { game: GameDetail; drawing: Draw[]; results: Draw[] }) {
  const { role } = useAuth();
  const rules = game.stake_rules;
  return (
    <>
      {drawing.length > 0 ? (
        <section className="play-page__section" aria-labelledby="drawing-heading">
          <h2 id="drawing-heading" className="play-page__h2">
            Drawing now
          </h2>
          <div className="results-list">
            {drawing.map((draw) => (
              <DrawResult key={draw.id} draw={draw} />
            ))}
          </div>
        </section>
      ) : null}

      {role === 'user' ? (
        <section className="play-page__section" aria-labelledby="tickets-heading">
          <h2 id="tickets-heading" className="play-page__h2">
            Your tickets
          </h2>
          <GameTickets
            gameId={game.id}
            gameName={game.name}
            renderExtra={(ticket) => <TicketReceipt ticket={ticket} />}
          />
        </section>
      ) : null}

      <section className="play-page__section" aria-labelledby="results-heading">
        <h2 id="results-heading" className="play-page__h2">
          Results
        </h2>
        {results.length === 0 ? (
          game.recent_draws.length === 0 && drawing.length === 0 ? (
            <p className="empty-state">No results yet: the first draw is on its way.</p>
          ) : (
            <DrawResultSkeleton />
          )
        ) : (
          <div className="results-list">
            {results.map((draw) => (
              <DrawResult key={draw.id} draw={draw}>
                <VerifyToggle draw={draw} />
              </DrawResult>
            ))}
          </div>
        )}
      </section>

      <section className="play-page__section" aria-labelledby="rates-heading">
        <h2 id="rates-heading" className="play-page__h2">
          Rates and limits
        </h2>
        <div className="table-wrap">
          <table>
            <caption>Win per line = stake per line × the rate</caption>
            <thead>
              <tr>
                <th scope="col">Bet</th>
                <th scope="col">Rate</th>
              </tr>
            </thead>
            <tbody>
              {BET_TYPE_ORDER.filter((type) => game.bet_types.includes(type)).map((type) => (
                <tr key={type}>
                  <td>{betTypeLabel(type)}</td>
                  <td>×{multiplierFor(type, game.multipliers).toLocaleString('en-NG')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="play-page__limits">
          <li>A NAP ticket costs at least {formatNaira(rules.nap_min_stake)}.</li>
          <li>
            PERM, 1 Banker and Against: at least {formatNaira(rules.min_stake_per_line)} a line and{' '}
            {formatNaira(rules.min_ticket_total)} a ticket.
          </li>
          <li>A ticket costs at most {formatNaira(rules.max_ticket_total)}.</li>
          <li>One ticket pays at most {formatNaira(rules.payout_cap)}.</li>
          <li>
            Sales close {closeBefore(game.close_before_secs)} before each draw. <Link to={paths.lotteryRules.getHref()}>Lottery rules</Link>
          </li>
        </ul>
      </section>
    </>
  );
}
