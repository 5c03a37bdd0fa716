import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Draw } from '@/types/lotto';
import { getAllDrawLeaves } from '../api/get-draw-leaves';
import { verifyAllTickets } from '../fair-v2';
import { errorText } from '../hooks/use-checks';
import { CheckList, Verdict } from './check-list';

/**
 * "Check every ticket": downloads every leaf of the draw's tree (GET /draws/{id}/leaves, page by page) and
 * rebuilds the root here. Only on request, because a big draw means many pages.
 */
export function AllTicketsCheck({ draw }: { draw: Draw }) {
  const [progress, setProgress] = useState<{ received: number; total: number } | null>(null);
  const check = useMutation({
    mutationFn: async () => {
      const leaves = await getAllDrawLeaves(draw.id, (received, total) => setProgress({ received, total }));
      return verifyAllTickets(draw, leaves);
    },
  });
  const count = draw.ticket_count;
  return (
    <div className="verify__all">
      {check.data ? null : (
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={check.isPending}
          onClick={() => check.mutate()}
        >
          Check every ticket too ({count} ticket{count === 1 ? '' : 's'})
        </button>
      )}
      {/* On the page before anything is in it, so what appears is announced. */}
      <div aria-live="polite">
        {check.isPending ? (
          <p className="verify__detail">
            {progress ? `Fetched ${progress.received} of ${progress.total} tickets…` : 'Fetching the tickets…'}
          </p>
        ) : null}
        {check.isError ? (
          <p className="verify__detail verify__detail--bad">We could not fetch every ticket: {errorText(check.error)}</p>
        ) : null}
        {check.data ? (
          <Verdict
            checks={[check.data]}
            live={false}
            passed="Every ticket is in the root the draw published."
            failed="The tickets listed do not give the published root. Please contact us."
          />
        ) : null}
      </div>
      {check.data ? <CheckList checks={[check.data]} /> : null}
    </div>
  );
}
