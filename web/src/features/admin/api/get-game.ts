import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import type { Game } from '@/types/lotto';

export const adminGameKey = ['admin', 'game'] as const;
export const adminGameQueryKey = (idOrSlug: string) => [...adminGameKey, idOrSlug] as const;

/**
 * GET /games/{id or slug}: one game, paused ones too, for the heading of its players and draws pages. A 404 is
 * the page's to show.
 */
export function getGame(idOrSlug: string, signal?: AbortSignal) {
  return api
    .get<Game>(`/games/${encodeURIComponent(idOrSlug)}`, { signal, handled: (error: ApiError) => error.status === 404 })
    .then((response) => response.data);
}

export function adminGameQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: adminGameQueryKey(idOrSlug),
    queryFn: ({ signal }) => getGame(idOrSlug, signal),
  });
}

export function useAdminGame(idOrSlug: string) {
  return useQuery(adminGameQueryOptions(idOrSlug));
}
