import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterFirstPaint } from '@/lib/first-paint';
import { queryKeys } from '@/lib/query-keys';
import { noteServerTime } from '@/lib/server-clock';
import type { Game } from '@/types/lotto';

/**
 * GET /games: the active games, each with its next draw. Read in the background by the home, games and rules
 * pages, which show a failure in place (with Try again), so no error dialog covers the page.
 */
export async function getGames(signal?: AbortSignal): Promise<Game[]> {
  const response = await api.get<Game[]>('/games', { noAuth: true, signal, handled: () => true });
  noteServerTime(response.data.find((game) => game.next_draw)?.next_draw?.server_time);
  return response.data;
}

export function gamesQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.games, 'list'],
    queryFn: ({ signal }) => afterFirstPaint().then(() => getGames(signal)),
  });
}

export function useGames() {
  return useQuery(gamesQueryOptions());
}
