/**
 * What an admin does to a player: suspend, reinstate (POST /admin/users/{id}/suspend | unsuspend) and a manual
 * wallet adjustment (POST /admin/users/{id}/adjust `{amount (signed kobo), reason}`). Each refreshes the player.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { adminListKey } from '@/features/admin/api/admin-table';
import { adminUserQueryKey } from '@/features/admin/api/get-user';
import type { User } from '@/types/api';
import type { Transaction } from '@/types/lotto';

export function setUserSuspended({ id, suspended }: { id: number; suspended: boolean }) {
  return api.post<User>(`/admin/users/${id}/${suspended ? 'suspend' : 'unsuspend'}`);
}

export type Adjustment = { id: number; amount: number; reason: string };

export function adjustWallet({ id, amount, reason }: Adjustment) {
  return api.post<{ balance: number; transaction: Transaction }>(
    `/admin/users/${id}/adjust`,
    { amount, reason },
    { handled: (error: ApiError) => error.status === 422 },
  );
}

function useRefreshUser() {
  const queryClient = useQueryClient();
  return (id: number) => {
    void queryClient.invalidateQueries({ queryKey: adminUserQueryKey(id) });
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
  return useMutation({ mutationFn: adjustWallet, onSuccess: (_, { id }) => refresh(id) });
}
