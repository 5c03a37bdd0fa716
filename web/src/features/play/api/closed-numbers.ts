/**
 * The numbers an admin has closed for the draw on sale (too much is riding on them), so the board marks them before
 * the player picks them; a purchase picking one is refused by the server anyway. Read once from
 * GET /draws/{id}/closed-numbers, then kept live by the server's `draw.closed_numbers` push (topic `draws`, every
 * page); read every few seconds only while the live connection is down.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useConnectionStatus } from '@/lib/realtime-provider';
import { useRealtimeMessage } from '@/lib/use-realtime-message';

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

const closedNumbersKey = (drawId: number | undefined) => ['draws', drawId, 'closed-numbers'] as const;

/** `draw.closed_numbers`'s `data`: the draw's closed numbers after an admin's change. */
type ClosedNumbersPush = { draw_id: number; closed_numbers: number[] };

function isClosedNumbersPush(value: unknown): value is ClosedNumbersPush {
  const push = value as ClosedNumbersPush | null;
  return (
    typeof push === 'object' &&
    push !== null &&
    typeof push.draw_id === 'number' &&
    Array.isArray(push.closed_numbers) &&
    push.closed_numbers.every((n) => typeof n === 'number')
  );
}

/** The closed numbers of `drawId` (none while there is no draw on sale). */
export function useClosedNumbers(drawId: number | undefined): ReadonlySet<number> {
  const queryClient = useQueryClient();
  const status = useConnectionStatus();
  useRealtimeMessage(['draw.closed_numbers'], (message) => {
    if (!isClosedNumbersPush(message.data)) return;
    queryClient.setQueryData(closedNumbersKey(message.data.draw_id), message.data.closed_numbers);
  });
  const query = useQuery({
    queryKey: closedNumbersKey(drawId),
    queryFn: ({ signal }) => getClosedNumbers(drawId ?? 0, signal),
    enabled: drawId !== undefined,
    refetchInterval: status === 'open' ? false : CLOSED_NUMBERS_REFRESH_MS,
    select: (numbers) => new Set(numbers) as ReadonlySet<number>,
  });
  return query.data ?? NONE;
}
