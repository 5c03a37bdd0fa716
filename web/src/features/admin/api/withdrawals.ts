/**
 * Deciding a withdrawal (docs/api-money.md): approve sends the transfer and answers `success`, `failed` (money
 * returned, `reason` says why) or `processing` (the gateway did not confirm; approving again re-checks it);
 * reject returns the money with a reason the player sees. A 422 (already decided, another approval running, a
 * reason too short) is shown in the dialog. Every money list and the dashboard refetch after a decision.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { adminListKey } from '@/features/admin/api/admin-table';
import { dashboardQueryKey } from '@/features/admin/api/get-dashboard';
import { userListsFilter } from '@/features/admin/api/get-user';
import type { WithdrawalDecision } from '@/features/admin/types';

export const ADMIN_TRANSACTIONS_PATH = '/admin/transactions';
export const ADMIN_WITHDRAWALS_PATH = '/admin/withdrawals';
export const ADMIN_ACCOUNTS_PATH = '/admin/accounts';

const handled = (error: ApiError) => error.status === 422;

export async function approveWithdrawal(id: number): Promise<WithdrawalDecision> {
  const answer = await api.post<WithdrawalDecision['data']>(`/admin/withdrawals/${id}/approve`, {}, { handled });
  return answer as unknown as WithdrawalDecision;
}

export async function rejectWithdrawal({ id, reason }: { id: number; reason: string }): Promise<WithdrawalDecision> {
  const answer = await api.post<WithdrawalDecision['data']>(`/admin/withdrawals/${id}/reject`, { reason }, { handled });
  return answer as unknown as WithdrawalDecision;
}

export function useRefreshMoneyLists() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminListKey(ADMIN_TRANSACTIONS_PATH) });
    void queryClient.invalidateQueries({ queryKey: adminListKey(ADMIN_WITHDRAWALS_PATH) });
    void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'user'] });
    void queryClient.invalidateQueries(userListsFilter());
  };
}

export function useApproveWithdrawal() {
  const refresh = useRefreshMoneyLists();
  return useMutation({ mutationFn: approveWithdrawal, onSettled: refresh });
}

export function useRejectWithdrawal() {
  const refresh = useRefreshMoneyLists();
  return useMutation({ mutationFn: rejectWithdrawal, onSettled: refresh });
}
