import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { NumberFrequency } from '@/types/lotto';

/** How many of a game's latest drawn draws the hot and cold numbers may count. */
export const FREQUENCY_WINDOWS = [50, 100, 500] as const;
export type FrequencyWindow = (typeof FREQUENCY_WINDOWS)[number];

/** GET /games/{id}/frequency?last=N: how often each number was a winning ball. Failures show in place. */
export async function getFrequency(gameId: number, last: number, signal?: AbortSignal): Promise<NumberFrequency> {
  const response = await api.get<NumberFrequency>(`/games/${gameId}/frequency?last=${last}`, {
    noAuth: true,
    signal,
    handled: () => true,
  });
  return response.data;
}

export function frequencyQueryOptions(gameId: number, last: number) {
  return queryOptions({
    // Under `draws`: a new result refreshes it.
    queryKey: [...queryKeys.draws, 'frequency', gameId, last],
    queryFn: ({ signal }) => getFrequency(gameId, last, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFrequency(gameId: number | null, last: number) {
  return useQuery({ ...frequencyQueryOptions(gameId ?? 0, last), enabled: gameId !== null });
}
