import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminGame } from '@/features/admin/types';

export const adminGamesQueryKey = ['admin', 'games'] as const;

/** GET /admin/games: every game (paused ones too), each with its 10 newest draws. */
export function getAdminGames(signal?: AbortSignal) {
  return api.get<AdminGame[]>('/admin/games', { signal }).then((response) => response.data ?? []);
}

export function adminGamesQueryOptions() {
  return queryOptions({ queryKey: adminGamesQueryKey, queryFn: ({ signal }) => getAdminGames(signal) });
}

/** Refetched every 30 s so draw states (open, closed, drawn) stay current while the page is open. */
export function useAdminGames() {
  return useQuery({ ...adminGamesQueryOptions(), refetchInterval: 30_000 });
}
