import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, NO_RESPONSE, type ApiError } from '@/lib/api-client';
import { setBalance } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import type { TicketPurchase } from '@/types/lotto';
import type { TicketRequest } from '../bet-slip';

export type CreateTicketBody = TicketRequest & { idempotency_key: string };

/**
 * What the slip says when the purchase got no answer at all (the network dropped, or the wait ran out): the ticket
 * is not bought as far as the player can tell, and pressing Buy again sends the same idempotency key, so the
 * server sells it at most once (docs/content.md, Bet slip).
 */
export const NOT_BOUGHT_NO_ANSWER = 'Not bought yet — nothing was charged. Check your connection and try again.';

/**
 * POST /tickets/create. A 422 (a field, INSUFFICIENT_FUNDS, DRAW_CLOSED) is shown beside its field by the page, and
 * no answer at all beside Buy (`NOT_BOUGHT_NO_ANSWER`), so only a server's own errors reach the global dialogs.
 */
export async function createTicket(body: CreateTicketBody): Promise<TicketPurchase> {
  const response = await api.post<TicketPurchase['data']>('/tickets/create', body, {
    handled: (error: ApiError) => error.status === 422 || error.status === NO_RESPONSE,
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
