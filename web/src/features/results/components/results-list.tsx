/**
 * The archive itself: newest first, a page at a time with "Load more" (the cursor is the last draw id shown),
 * with its loading, empty and failed states. How many draws are shown is a live status, so a screen reader hears
 * what a filter or "Load more" did.
 */
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import type { Draw } from '@/types/lotto';
import { useResults } from '../api/get-results';
import { hasFilters, type ResultsFilters } from '../lib/results-filters';
import { ResultCard } from './result-card';

type Props = {
  filters: ResultsFilters;
  /** False while a filter is not valid: the list shown stays as it was. */
  enabled: boolean;
  onClearFilters: () => void;
  /** Under each draw: its Verify button. */
  renderVerify?: (draw: Draw) => ReactNode;
};

export function ResultsList({ filters, enabled, onClearFilters, renderVerify }: Props) {
  const results = useResults(filters, enabled);
  const draws = results.data?.pages.flatMap((page) => page.results) ?? [];
  const filtered = hasFilters(filters);

  let body: ReactNode;
  if (results.isError && draws.length === 0) {
    const error = results.error;
    // A filter the server refused (422) names its field: say what it said about it.
    const fieldMessage =
      error instanceof ApiError && error.status === 422
        ? (['number', 'from', 'to', 'game_id'].map((field) => error.fieldError(field)).find(Boolean) ?? error.message)
        : null;
    body = (
      <div className="empty-state">
        <p>{fieldMessage ?? 'We could not load the results.'}</p>
        <button type="button" className="button button--ghost" onClick={() => void results.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (!enabled && draws.length === 0) {
    body = <p className="empty-state">Correct the filter above to see the results.</p>;
  } else if (results.isPending && draws.length === 0) {
    body = (
      <div className="results-archive__loading" aria-hidden="true">
        {[0, 1, 2].map((n) => (
          <span key={n} className="skeleton result-card__skeleton" />
        ))}
      </div>
    );
  } else if (draws.length === 0 && results.hasNextPage) {
    // The server reads a bounded stretch of draws per page, so a rare filter can answer an empty page with a
    // cursor to go on from: offer to look further back rather than say there is nothing.
    body = (
      <div className="empty-state">
        <p>No draws match among the latest ones.</p>
        <button
          type="button"
          className="button button--ghost"
          disabled={results.isFetchingNextPage}
          onClick={() => void results.fetchNextPage()}
        >
          {results.isFetchingNextPage ? 'Looking…' : 'Look further back'}
        </button>
      </div>
    );
  } else if (draws.length === 0) {
    body = filtered ? (
      <div className="empty-state">
        <p>No draws match these filters.</p>
        <button type="button" className="button button--ghost" onClick={onClearFilters}>
          Clear filters
        </button>
      </div>
    ) : (
      <p className="empty-state">No results yet: the first draw is on its way.</p>
    );
  } else {
    body = (
      <>
        <ol className="results-archive__list" aria-label="Results, newest first" aria-busy={results.isFetching}>
          {draws.map((draw) => (
            <li key={draw.id}>
              <ResultCard draw={draw}>{renderVerify?.(draw)}</ResultCard>
            </li>
          ))}
        </ol>
        {results.hasNextPage ? (
          <button
            type="button"
            className="button button--ghost button--block"
            disabled={results.isFetchingNextPage}
            onClick={() => void results.fetchNextPage()}
          >
            {results.isFetchingNextPage ? 'Loading more…' : 'Load more'}
          </button>
        ) : (
          <p className="results-archive__end">That is every draw{filtered ? ' that matches' : ''}.</p>
        )}
        {results.isFetchNextPageError ? (
          <p className="field__error" role="alert">
            We could not load more results. Please try again.
          </p>
        ) : null}
      </>
    );
  }

  return (
    <div className="results-archive">
      <p className="visually-hidden" role="status">
        {statusText(results.isPending && enabled, draws.length, results.hasNextPage)}
      </p>
      {body}
    </div>
  );
}

function statusText(loading: boolean, count: number, more: boolean): string {
  if (loading) return 'Loading results…';
  if (count === 0) return 'No results';
  return `Showing ${count} draw${count === 1 ? '' : 's'}${more ? ', more to load' : ''}`;
}
