import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toSearchParams, type TableParams } from '@/components/data-table/table-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Envelope } from '@/types/api';
import type { Ticket } from '@/types/lotto';

/** GET /tickets: my tickets as a docs/product.md §15 table answer (`data`, `meta.total`). */
export async function getTickets(params: Partial<TableParams>, signal?: AbortSignal): Promise<Envelope<Ticket[]>> {
  return api.get<Ticket[]>(`/tickets?${toSearchParams(params)}`, { signal });
}

export function ticketsQueryOptions(params: Partial<TableParams>) {
  return queryOptions({
    queryKey: [...queryKeys.tickets, 'list', params],
    queryFn: ({ signal }) => getTickets(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export function useTickets(params: Partial<TableParams>, enabled = true) {
  return useQuery({ ...ticketsQueryOptions(params), enabled });
}
