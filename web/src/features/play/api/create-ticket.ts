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

/** A fresh idempotency key: a UUID, from the CSPRNG even where `randomUUID` is missing (plain-http pages). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

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
