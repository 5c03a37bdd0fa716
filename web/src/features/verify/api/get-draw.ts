import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Draw } from '@/types/lotto';

/** GET /draws/{id}: one draw as published now (its root, seed, witness). Failures show in place. */
export async function getDraw(drawId: number, signal?: AbortSignal): Promise<Draw> {
  const response = await api.get<Draw>(`/draws/${drawId}`, { noAuth: true, signal, handled: () => true });
  return response.data;
}

export function drawQueryOptions(drawId: number) {
  return queryOptions({
    // Under `draws`: the socket refreshes it when the draw's result lands.
    queryKey: [...queryKeys.draws, 'one', drawId],
    queryFn: ({ signal }) => getDraw(drawId, signal),
  });
}

export function useDraw(drawId: number, enabled = true) {
  return useQuery({ ...drawQueryOptions(drawId), enabled });
}
