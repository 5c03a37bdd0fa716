import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /draws/{id}/ticket-ids: the ticket ids, in sale order, that the draw's `tickets_hash` covers. */
export async function getTicketIds(drawId: number, signal?: AbortSignal): Promise<number[]> {
  const response = await api.get<number[]>(`/draws/${drawId}/ticket-ids`, { noAuth: true, signal });
  return response.data;
}

export function ticketIdsQueryOptions(drawId: number) {
  return queryOptions({
    queryKey: [...queryKeys.draws, 'ticket-ids', drawId],
    queryFn: ({ signal }) => getTicketIds(drawId, signal),
    // Fixed once sales close.
    staleTime: Infinity,
  });
}

export function useTicketIds(drawId: number) {
  return useQuery(ticketIdsQueryOptions(drawId));
}
