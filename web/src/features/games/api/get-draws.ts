import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterFirstPaint } from '@/lib/first-paint';
import { queryKeys } from '@/lib/query-keys';
import type { Draw, DrawStatus } from '@/types/lotto';

export type DrawsParams = { status?: DrawStatus; game_id?: number; page?: number; per_page?: number };

export type DrawsPage = { draws: Draw[]; total: number };

/** GET /draws: newest `draws_at` first. Lists show a failure in place, so no error dialog covers the page. */
export async function getDraws(params: DrawsParams, signal?: AbortSignal): Promise<DrawsPage> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const response = await api.get<Draw[]>(`/draws?${query}`, { noAuth: true, signal, handled: () => true });
  return { draws: response.data, total: response.meta?.total ?? response.data.length };
}

export function drawsQueryOptions(params: DrawsParams) {
  return queryOptions({
    queryKey: [...queryKeys.draws, 'list', params],
    queryFn: async ({ signal }): Promise<DrawsPage> => {
      await afterFirstPaint();
      return getDraws(params, signal);
    },
    placeholderData: keepPreviousData,
  });
}

export function useDraws(params: DrawsParams) {
  return useQuery(drawsQueryOptions(params));
}
