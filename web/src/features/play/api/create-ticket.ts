import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { setBalance } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import type { TicketPurchase } from '@/types/lotto';
import type { TicketRequest } from '../bet-slip';

export type CreateTicketBody = TicketRequest & { idempotency_key: string };

/**
 * POST /tickets/create. A 422 (a field, INSUFFICIENT_FUNDS, DRAW_CLOSED) is shown beside its field by the page,
 * so only other failures reach the global dialogs.
 */
export async function createTicket(body: CreateTicketBody): Promise<TicketPurchase> {
  const response = await api.post<TicketPurchase['data']>('/tickets/create', body, {
    handled: (error: ApiError) => error.status === 422,
  });
  return response as unknown as TicketPurchase;
}

export { newIdempotencyKey } from '@/lib/idempotency-key';

/** Buying a ticket: the new balance goes to the header at once (the socket confirms it later). */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (purchase) => {
      if (typeof purchase.balance === 'number') setBalance(queryClient, purchase.balance);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tickets });
    },
  });
}
