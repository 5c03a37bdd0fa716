/**
 * What an admin does to a player: suspend, reinstate (POST /admin/users/{id}/suspend | unsuspend) and a manual
 * wallet adjustment (POST /admin/users/{id}/adjust `{amount (signed kobo), reason, idempotency_key}`). Each
 * refreshes the player and their tickets and transactions tables.
 *
 * An adjustment answers 200 with the new balance (`replayed` when the key was seen before: nothing moved twice),
 * or, above the approval limit, 202 with the request filed for another admin (`approval_id`): nothing moved yet.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { adjustmentsQueryKey } from '@/features/admin/api/adjustments';
import { adminListKey } from '@/features/admin/api/admin-table';
import { adminUserQueryKey, userListsFilter } from '@/features/admin/api/get-user';
import type { AdjustmentRequest } from '@/features/admin/types';
import type { User } from '@/types/api';
import type { Transaction } from '@/types/lotto';

export function setUserSuspended({ id, suspended }: { id: number; suspended: boolean }) {
  return api.post<User>(`/admin/users/${id}/${suspended ? 'suspend' : 'unsuspend'}`);
}

/** One adjustment; `key` is made once per confirmation, so a retry of it cannot move the money twice. */
export type Adjustment = { id: number; amount: number; reason: string; key: string };

export type Adjusted = { balance: number; transaction: Transaction; replayed?: boolean };
export type FiledForApproval = { approval_id: number; adjustment: AdjustmentRequest };

export function isFiledForApproval(data: Adjusted | FiledForApproval): data is FiledForApproval {
  return 'approval_id' in data;
}

export function adjustWallet({ id, amount, reason, key }: Adjustment) {
  return api.post<Adjusted | FiledForApproval>(
    `/admin/users/${id}/adjust`,
    { amount, reason, idempotency_key: key },
    { handled: (error: ApiError) => error.status === 422 },
  );
}

function useRefreshUser() {
  const queryClient = useQueryClient();
  return (id: number) => {
    void queryClient.invalidateQueries({ queryKey: adminUserQueryKey(id) });
    void queryClient.invalidateQueries(userListsFilter(id));
    void queryClient.invalidateQueries({ queryKey: adminListKey('/admin/users') });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
  };
}

export function useSetUserSuspended() {
  const refresh = useRefreshUser();
  return useMutation({ mutationFn: setUserSuspended, onSuccess: (_, { id }) => refresh(id) });
}

export function useAdjustWallet() {
  const refresh = useRefreshUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustWallet,
    onSuccess: (_, { id }) => {
      refresh(id);
      void queryClient.invalidateQueries({ queryKey: adjustmentsQueryKey });
    },
  });
}
