/**
 * /results: the public archive of every drawn, settled and cancelled draw, newest first, filtered by game, date
 * and winning number (the filters live in the address), each with the values to check it and its Verify panel;
 * and each game's hot and cold numbers. A new result arrives live; while the live connection is lost, it says so.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ReconnectingNotice } from '@/components/ui/reconnecting-notice/reconnecting-notice';
import { useGames } from '@/features/games/api/get-games';
import { HotCold } from '@/features/results/components/hot-cold';
import { ResultsFiltersForm } from '@/features/results/components/results-filters';
import { ResultsList } from '@/features/results/components/results-list';
import '@/features/results/components/results.css';
import {
  checkFilters,
  filtersFromSearch,
  isValid,
  NO_FILTERS,
  searchOfFilters,
  type ResultsFilters,
} from '@/features/results/lib/results-filters';
import { VerifyToggle } from '@/features/verify/components/verify-toggle';
import type { Draw } from '@/types/lotto';

const verifyOf = (draw: Draw) => <VerifyToggle draw={draw} />;

export function Component() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const errors = checkFilters(filters);
  const games = useGames();
  const gameList = useMemo(() => (games.data ?? []).map(({ id, name }) => ({ id, name })), [games.data]);
  const onChange = useCallback(
    (next: ResultsFilters) => setSearch(searchOfFilters(next), { replace: true, preventScrollReset: true }),
    [setSearch],
  );
  const chosenGame = filters.game && /^\d+$/.test(filters.game) ? Number(filters.game) : null;

  return (
    <div className="container page">
      <h1>Results</h1>
      <ReconnectingNotice />
      <p className="page__lead">
        Every draw, newest first, with the values that let anyone check it: press Verify and your browser works
        the balls out again.
      </p>
      <div className="results-page">
        <section className="results-page__main" aria-labelledby="archive-heading">
          <h2 id="archive-heading" className="visually-hidden">
            All results
          </h2>
          <ResultsFiltersForm value={filters} errors={errors} onChange={onChange} games={gameList} />
          <ResultsList
            filters={filters}
            enabled={isValid(errors)}
            onClearFilters={() => onChange(NO_FILTERS)}
            renderVerify={verifyOf}
          />
        </section>
        <aside className="results-page__aside" aria-label="Hot and cold numbers">
          {games.isError ? (
            <div className="empty-state">
              <p>We could not load the games.</p>
              <button type="button" className="button button--ghost" onClick={() => void games.refetch()}>
                Try again
              </button>
            </div>
          ) : (
            <HotCold games={gameList} preferredGameId={chosenGame} />
          )}
        </aside>
      </div>
    </div>
  );
}
