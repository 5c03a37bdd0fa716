/**
 * Withdrawals (docs/api-money.md): POST /withdrawals/create holds the amount at once (pending) until an admin
 * approves or rejects it; the same idempotency key again answers the first withdrawal instead of a second one.
 * GET /withdrawals is the player's list; `wallet.updated` refetches it on every status change.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toSearchParams, type TableParams } from '@/components/data-table/table-query';
import { api, type ApiError } from '@/lib/api-client';
import { setBalance } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import type { Transaction } from '@/types/lotto';
import type { Withdrawal } from '@/types/money';

export type WithdrawalRequest = { amount: number; idempotency_key: string };
export type WithdrawalAnswer = { data: Withdrawal; transaction: Transaction | null; balance: number; message?: string };

const kycRequired = (error: unknown) => (error as ApiError | undefined)?.errorCode === 'KYC_REQUIRED';

/**
 * A 422 (amount, INSUFFICIENT_FUNDS, NO_BANK_ACCOUNT) shows beside its field; a 403 KYC_REQUIRED (the identity
 * check is not, or no longer, verified) brings the identity check back in the form's place.
 */
export async function createWithdrawal(body: WithdrawalRequest): Promise<WithdrawalAnswer> {
  const answer = await api.post<Withdrawal>('/withdrawals/create', body, {
    handled: (error: ApiError) => error.status === 422 || kycRequired(error),
  });
  return answer as unknown as WithdrawalAnswer;
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: (answer) => {
      if (typeof answer.balance === 'number') setBalance(queryClient, answer.balance);
      void queryClient.invalidateQueries({ queryKey: queryKeys.withdrawals });
      void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
    },
    onError: (error) => {
      if (kycRequired(error)) void queryClient.invalidateQueries({ queryKey: queryKeys.identity });
    },
  });
}

export function useWithdrawals(params: Partial<TableParams>) {
  return useQuery({
    queryKey: [...queryKeys.withdrawals, 'list', params],
    queryFn: ({ signal }) => api.get<Withdrawal[]>(`/withdrawals?${toSearchParams(params)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
