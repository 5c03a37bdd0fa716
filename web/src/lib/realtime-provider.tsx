/**
 * Runs the live connection for the app's lifetime and turns its effects into cache changes:
 *
 * - a snapshot with a wallet, or `wallet.updated`: the header balance changes at once; transactions, tickets,
 *   deposits, withdrawals and deposit limits are refetched where shown;
 * - `ticket.settled`, `tickets.settled`: the settled tickets are replaced in every cached ticket list, then the lists
 *   refetch (once per message, however many tickets it carries);
 * - a draw's result (or its settlement, or a cancellation): results lists and games refetch;
 * - `identity.updated`: the player's identity check is replaced (the NIN form or the withdrawal opens at once);
 * - `operator.updated`: who runs the lottery is replaced (every page's footer).
 *
 * Hooks for pages: `useLiveDraws()` (the draws the socket knows), `useServerNow()` (re-exported), and
 * `useConnectionStatus()`.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { setBalance } from '@/lib/auth';
import { useStore } from '@/lib/create-store';
import { queryKeys } from '@/lib/query-keys';
import type { RealtimeEffect } from '@/lib/realtime';
import { trackLandedDraws } from '@/lib/landed-draws';
import { operatorKey } from '@/lib/operator';
import { getRealtimeClient, type ConnectionStatus } from '@/lib/realtime-client';
import { useSession } from '@/lib/session';
import type { Envelope } from '@/types/api';
import type { Draw, Ticket } from '@/types/lotto';

export { useServerNow } from '@/lib/server-clock';

/** A settled ticket as the socket sends it lacks a few display fields (game_name): keep what the cache knew. */
export function mergeTicket(known: Ticket, update: Ticket): Ticket {
  const merged = { ...known };
  for (const [key, value] of Object.entries(update) as [keyof Ticket, Ticket[keyof Ticket]][]) {
    if (value !== null && value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** A cached ticket with its settled copy merged in, if it is one of them. */
function withSettled(ticket: Ticket, settled: Map<number, Ticket>): Ticket {
  const update = settled.get(ticket.id);
  return update ? mergeTicket(ticket, update) : ticket;
}

function isTicketList(value: unknown): value is Envelope<Ticket[]> {
  return typeof value === 'object' && value !== null && Array.isArray((value as Envelope<unknown>).data);
}

export function applyRealtimeEffect(queryClient: QueryClient, effect: RealtimeEffect) {
  switch (effect.kind) {
    case 'snapshot':
      if (effect.balance !== null) setBalance(queryClient, effect.balance);
      break;
    case 'wallet':
      setBalance(queryClient, effect.balance);
      // Money moved: every list it shows in refetches where shown (a deposit credited, a withdrawal decided).
      for (const queryKey of [
        queryKeys.transactions,
        queryKeys.tickets,
        queryKeys.deposits,
        queryKeys.withdrawals,
        queryKeys.limits,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      break;
    case 'tickets': {
      const settled = new Map(effect.tickets.map((ticket) => [ticket.id, ticket]));
      queryClient.setQueriesData<unknown>({ queryKey: queryKeys.tickets }, (cached: unknown) =>
        isTicketList(cached) ? { ...cached, data: cached.data.map((ticket) => withSettled(ticket, settled)) } : cached,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.tickets });
      break;
    }
    case 'draw':
      if (effect.result || effect.draw.status === 'settled' || effect.draw.status === 'cancelled') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.draws });
        void queryClient.invalidateQueries({ queryKey: queryKeys.games });
      }
      break;
    case 'identity':
      queryClient.setQueryData(queryKeys.identity, effect.identity);
      break;
    case 'operator':
      // Footer, /about, /contact and the tax statement read it: they all follow at once.
      queryClient.setQueryData(operatorKey, effect.operator);
      break;
    case 'auth-refused':
    case 'reconnect':
      break;
  }
}

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const token = session.token;

  useEffect(() => {
    const client = getRealtimeClient();
    const unsubscribe = client.onEffect((effect) => applyRealtimeEffect(queryClient, effect));
    // Results that land while the app is open are revealed ball by ball (lib/landed-draws).
    const untrack = trackLandedDraws(client);
    client.start();
    return () => {
      unsubscribe();
      untrack();
      client.stop();
    };
  }, [queryClient]);

  useEffect(() => {
    getRealtimeClient().setToken(token);
  }, [token]);

  return children;
}

/** Every draw the socket knows about (open and upcoming from the snapshot, and every change since). */
export function useLiveDraws(): Draw[] {
  const state = useStore(getRealtimeClient().state);
  return useMemo(() => Object.values(state.draws), [state.draws]);
}

export function useConnectionStatus(): ConnectionStatus {
  return useStore(getRealtimeClient().status);
}
