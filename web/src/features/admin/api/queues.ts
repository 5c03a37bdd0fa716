import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /admin/queues: how many items wait in each of the back office's queues. */
export type Queues = {
  withdrawals: number;
  identity_reviews: number;
  approvals: number;
  messages: number;
  held_draws: number;
};

export const queuesQueryKey = ['admin', 'queues'] as const;

/** How often the counts are asked again while the live dashboard cannot say they changed. */
export const QUEUES_POLL_MS = 30_000;

export function useQueues(pollMs: number | false) {
  return useQuery({
    queryKey: queuesQueryKey,
    // The counts help; they never interrupt: a failure leaves the menu without them (an expired session still
    // goes the usual way).
    queryFn: ({ signal }) =>
      api
        .get<Queues>('/admin/queues', { signal, handled: (error) => error.status !== 401 })
        .then((response) => response.data),
    refetchInterval: pollMs,
  });
}
