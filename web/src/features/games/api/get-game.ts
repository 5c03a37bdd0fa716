import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { noteServerTime } from '@/lib/server-clock';
import type { GameDetail } from '@/types/lotto';

/** GET /games/{id or slug}: one game with its upcoming and recent draws. A 404 is the page's to show. */
export async function getGame(idOrSlug: string, signal?: AbortSignal): Promise<GameDetail> {
  const response = await api.get<GameDetail>(`/games/${encodeURIComponent(idOrSlug)}`, {
    noAuth: true,
    signal,
    handled: (error: ApiError) => error.status === 404,
  });
  noteServerTime(response.data.next_draw?.server_time);
  return response.data;
}

export function gameQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: [...queryKeys.games, 'one', idOrSlug],
    queryFn: ({ signal }) => getGame(idOrSlug, signal),
  });
}

export function useGame(idOrSlug: string) {
  return useQuery(gameQueryOptions(idOrSlug));
}
