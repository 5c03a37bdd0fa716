/**
 * Deposits (docs/api-money.md): POST /deposits/create opens a checkout at the payment gateway; GET
 * /deposits/{reference} is asked when the gateway sends the player back (it verifies a pending one first, and
 * credits it if paid); GET /deposits is the player's list. `wallet.updated` refetches all of them.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toSearchParams, type TableParams } from '@/components/data-table/table-query';
import { api, type ApiError } from '@/lib/api-client';
import { setBalance } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import type { Deposit } from '@/types/money';

/** A 422 (the amount, DEPOSIT_LIMIT) shows beside the amount, a 403 EXCLUDED as the break message in the form. */
export const depositHandled = (error: ApiError) =>
  error.status === 422 || (error.status === 403 && error.errorCode === 'EXCLUDED');

export function createDeposit(amount: number) {
  return api.post<Deposit>('/deposits/create', { amount }, { handled: depositHandled });
}

export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.deposits });
      void queryClient.invalidateQueries({ queryKey: queryKeys.limits });
    },
  });
}

export type DepositCheck = { deposit: Deposit; balance: number | null };

/** One of my deposits; a 404 (a reference that is not mine, or made up) is shown in place, not in a dialog. */
export async function getDeposit(reference: string, signal?: AbortSignal): Promise<DepositCheck> {
  const answer = await api.get<Deposit>(`/deposits/${encodeURIComponent(reference)}`, {
    signal,
    handled: (error) => error.status === 404,
  });
  const balance = (answer as { balance?: unknown }).balance;
  return { deposit: answer.data, balance: typeof balance === 'number' ? balance : null };
}

export const depositQueryKey = (reference: string) => [...queryKeys.deposits, 'one', reference] as const;

/** The deposit the gateway sent the player back with; a credited one's balance goes to the header at once. */
export function useDepositCheck(reference: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: depositQueryKey(reference),
    queryFn: ({ signal }) => getDeposit(reference, signal),
    retry: false,
    staleTime: 0,
  });
  const balance = query.data?.deposit.status === 'success' ? query.data.balance : null;
  useEffect(() => {
    if (balance !== null) setBalance(queryClient, balance);
  }, [balance, queryClient]);
  return query;
}

export function useDeposits(params: Partial<TableParams>) {
  return useQuery({
    queryKey: [...queryKeys.deposits, 'list', params],
    queryFn: ({ signal }) => api.get<Deposit[]>(`/deposits?${toSearchParams(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
