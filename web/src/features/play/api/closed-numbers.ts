/**
 * GET /draws/{id}/closed-numbers: the numbers an admin has closed for the draw on sale (too much is riding on
 * them). Read every few seconds while the draw is on sale, so the board marks them before the player picks them;
 * a purchase picking one is refused by the server anyway.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const CLOSED_NUMBERS_REFRESH_MS = 5_000;

const NONE: ReadonlySet<number> = new Set();

export function getClosedNumbers(drawId: number, signal?: AbortSignal) {
  return api
    .get<{ draw_id: number; closed_numbers: number[] }>(`/draws/${drawId}/closed-numbers`, {
      noAuth: true,
      signal,
      // A failed read leaves the board as it was; the server still refuses a closed number.
      handled: () => true,
    })
    .then((response) => response.data.closed_numbers);
}

/** The closed numbers of `drawId` (none while there is no draw on sale). */
export function useClosedNumbers(drawId: number | undefined): ReadonlySet<number> {
  const query = useQuery({
    queryKey: ['draws', drawId, 'closed-numbers'],
    queryFn: ({ signal }) => getClosedNumbers(drawId ?? 0, signal),
    enabled: drawId !== undefined,
    refetchInterval: CLOSED_NUMBERS_REFRESH_MS,
    select: (numbers) => new Set(numbers) as ReadonlySet<number>,
  });
  return query.data ?? NONE;
}
