import { useDeferredValue } from 'react';
import { useDraws } from '../api/get-draws';
import { DrawResult, DrawResultSkeleton } from './draw-result';
import './games.css';

/** The newest settled draws across games, as lotto balls (home page). */
export function LatestResults({ count = 5 }: { count?: number }) {
  const draws = useDraws({ status: 'settled', per_page: count });
  // Rendered as a low-priority update when they arrive (in slices, not one long task).
  const data = useDeferredValue(draws.data);
  const isPending = useDeferredValue(draws.isPending);
  const { isError, refetch } = draws;
  if (isPending || (!isError && !data)) {
    return (
      <div className="results-list" aria-busy="true">
        <span className="visually-hidden" role="status">
          Loading results…
        </span>
        <DrawResultSkeleton />
        <DrawResultSkeleton />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="empty-state">
        <p>We could not load the latest results.</p>
        <button type="button" className="button button--ghost" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!data || data.draws.length === 0) {
    return <p className="empty-state">No results yet: the first draw is on its way.</p>;
  }
  return (
    <div className="results-list">
      {data.draws.map((draw) => (
        <DrawResult key={draw.id} draw={draw} showGame />
      ))}
    </div>
  );
}
