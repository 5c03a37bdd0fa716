/**
 * Hot and cold numbers of one game: how often each number was a winning ball in its last 50, 100 or 500 draws
 * (GET /games/{id}/frequency), as a heat map of 1–90, with the five most and five least drawn as balls. For
 * interest only: every draw is independent, and a hot number is no likelier to come up next.
 */
import { SelectField } from '@/components/ui/form/select-field';
import { useId, useState } from 'react';
import { LottoBalls } from '@/components/lotto/lotto-balls';
import type { Game } from '@/types/lotto';
import { FREQUENCY_WINDOWS, useFrequency, type FrequencyWindow } from '../api/get-frequency';
import { FrequencyGrid } from './frequency-grid';
import '@/components/ui/form/form.css';

type Props = {
  games: Pick<Game, 'id' | 'name'>[];
  /** The game to show first (the archive's game filter), else the first game. */
  preferredGameId?: number | null;
};

export function HotCold({ games, preferredGameId = null }: Props) {
  const id = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const [last, setLast] = useState<FrequencyWindow>(100);
  const gameId = chosen ?? preferredGameId ?? games[0]?.id ?? null;
  const game = games.find((g) => g.id === gameId);
  const frequency = useFrequency(gameId, last);
  const data = frequency.data;

  if (games.length === 0) return null;
  return (
    <section className="hot-cold" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="hot-cold__title">
        Hot and cold numbers
      </h2>
      <div className="hot-cold__pickers">
        <SelectField label="Game" value={gameId === null ? '' : String(gameId)}
          onChange={(chosenId) => setChosen(Number(chosenId))}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </SelectField>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-last`}>
            Over the last
          </label>
          <select
            id={`${id}-last`}
            className="field__input field__select"
            value={last}
            onChange={(event) => setLast(Number(event.target.value) as FrequencyWindow)}
          >
            {FREQUENCY_WINDOWS.map((n) => (
              <option key={n} value={n}>
                {n} draws
              </option>
            ))}
          </select>
        </div>
      </div>

      <div aria-live="polite" aria-busy={frequency.isFetching}>
        {frequency.isError && !data ? (
          <div className="empty-state">
            <p>We could not load the hot and cold numbers.</p>
            <button type="button" className="button button--ghost" onClick={() => void frequency.refetch()}>
              Try again
            </button>
          </div>
        ) : !data ? (
          <p className="hot-cold__note">Counting the numbers…</p>
        ) : data.draws === 0 ? (
          <p className="empty-state">{game?.name ?? 'This game'} has no drawn results yet.</p>
        ) : (
          <p className="hot-cold__note">
            From {data.draws === data.last ? `the last ${data.draws}` : `all ${data.draws}`} drawn draw
            {data.draws === 1 ? '' : 's'} of {game?.name ?? 'this game'}.
          </p>
        )}
      </div>

      {data && data.draws > 0 ? (
        <>
          <div className="hot-cold__sets">
            <div className="hot-cold__set">
              <h3 className="hot-cold__set-title">Hot: drawn most</h3>
              <LottoBalls numbers={data.hot} size="small" label="Hot numbers: drawn most" />
            </div>
            <div className="hot-cold__set">
              <h3 className="hot-cold__set-title">Cold: drawn least</h3>
              <LottoBalls numbers={data.cold} size="small" label="Cold numbers: drawn least" />
            </div>
          </div>
          <FrequencyGrid
            counts={data.counts}
            hot={data.hot}
            cold={data.cold}
            label={`How often each number was drawn in the last ${data.draws} draws of ${game?.name ?? 'this game'}`}
          />
          <p className="hot-cold__note">
            For interest only: every draw is independent, so a hot number is no more likely to come up next.
          </p>
        </>
      ) : null}
    </section>
  );
}
