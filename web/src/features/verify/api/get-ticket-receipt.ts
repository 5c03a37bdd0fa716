import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Ticket } from '@/types/lotto';

/** GET /tickets/{id}: one of my tickets, with its receipt once its draw has closed. Failures show in place. */
export async function getTicketWithReceipt(ticketId: number, signal?: AbortSignal): Promise<Ticket> {
  const response = await api.get<Ticket>(`/tickets/${ticketId}`, {
    signal,
    // A session that has ended still goes through docs/product.md §16 (to / with 'Please login to continue').
    handled: (error) => error.status !== 401,
  });
  return response.data;
}

export function ticketReceiptQueryOptions(ticketId: number) {
  return queryOptions({
    // Under `tickets`: refetched when the socket settles the ticket.
    queryKey: [...queryKeys.tickets, 'one', ticketId],
    queryFn: ({ signal }) => getTicketWithReceipt(ticketId, signal),
  });
}

export function useTicketReceipt(ticketId: number, enabled = true) {
  return useQuery({ ...ticketReceiptQueryOptions(ticketId), enabled });
}
