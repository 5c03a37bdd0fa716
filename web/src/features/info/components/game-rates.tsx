/**
 * "Each game's rates and limits" on the Lottery rules and How to play pages: a game picker, and the chosen game's
 * own multiplier for each bet it offers, its stake limits and its payout cap (GET /games). The rest of the page
 * follows the same choice. While the games load, or if they cannot, the standard figures stand in and the
 * section says so.
 */
import { SelectField } from '@/components/ui/form/select-field';
import { type LottoRules } from '@/lotto';
import { formatCount, formatNaira } from '@/lib/format';
import '@/components/ui/form/form.css';
import './game-rates.css';

export type GameChoice = {
  status: 'loading' | 'error' | 'ready';
  games: { slug: string; name: string }[];
  /** The chosen game's slug (null with no games). */
  selected: string | null;
  onSelect: (slug: string) => void;
  onRetry: () => void;
};

type Props = { choice: GameChoice; rules: LottoRules; headingId?: string };

export function GameRates({ choice, rules, headingId = 'game-rates' }: Props) {
  const game = choice.games.find((g) => g.slug === choice.selected);
  const { limits } = rules;
  return (
    <section aria-labelledby={headingId} className="game-rates">
      <h2 id={headingId}>Each game&rsquo;s rates and limits</h2>
      <p>
        Every game sets its own multipliers, stake limits and payout cap. Pick a game: the figures on this whole page
        are then that game&rsquo;s.
      </p>
      {choice.games.length > 0 ? (
        <SelectField
          label="Game"
          className="game-rates__picker"
          value={choice.selected ?? ''}
          onChange={choice.onSelect}
        >
          {choice.games.map((g) => (
            <option key={g.slug} value={g.slug}>
              {g.name}
            </option>
          ))}
        </SelectField>
      ) : null}

      <div aria-live="polite">
        {choice.status === 'loading' ? (
          <p className="muted" aria-busy="true">
            Loading each game&rsquo;s rates and limits… The standard figures are shown meanwhile.
          </p>
        ) : choice.status === 'error' ? (
          <div className="callout" role="alert">
            <p>We could not load each game&rsquo;s own figures, so the standard ones are shown. A game&rsquo;s page always shows its own.</p>
            <button type="button" className="button button--ghost button--small" onClick={choice.onRetry}>
              Try again
            </button>
          </div>
        ) : !game ? (
          <p className="muted">No game is on sale right now, so the standard figures are shown.</p>
        ) : (
          <p className="muted">Showing {game.name}.</p>
        )}
      </div>

      <div className="table-wrap">
        <table>
          <caption>{game ? `${game.name}: what` : 'What'} each bet pays, × the stake per line</caption>
          <thead>
            <tr>
              <th scope="col">Bet</th>
              <th scope="col">Pays</th>
            </tr>
          </thead>
          <tbody>
            {rules.bets.map((bet) => (
              <tr key={bet.code}>
                <th scope="row">{bet.name}</th>
                <td>×{formatCount(bet.multiplier)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="details game-rates__limits" aria-label={game ? `${game.name}: stake limits and payout cap` : 'Stake limits and payout cap'}>
        <div className="details__row">
          <dt>Smallest NAP stake</dt>
          <dd>{formatNaira(limits.nap_min_stake)}</dd>
        </div>
        <div className="details__row">
          <dt>Smallest stake per line (PERM, 1 Banker, Against)</dt>
          <dd>{formatNaira(limits.min_stake_per_line)}</dd>
        </div>
        <div className="details__row">
          <dt>Smallest ticket total (PERM, 1 Banker, Against)</dt>
          <dd>{formatNaira(limits.min_ticket_total)}</dd>
        </div>
        <div className="details__row">
          <dt>Largest ticket total</dt>
          <dd>{formatNaira(limits.max_ticket_total)}</dd>
        </div>
        <div className="details__row">
          <dt>Payout cap: the most one ticket can pay</dt>
          <dd>{formatNaira(limits.payout_cap)}</dd>
        </div>
      </dl>
    </section>
  );
}
