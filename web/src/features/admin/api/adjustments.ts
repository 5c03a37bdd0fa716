/**
 * Adjustments above the approval limit wait for a second admin (four eyes): GET /admin/adjustments lists every
 * one filed, newest first; POST /admin/adjustments/{id}/approve moves the money, /reject drops it. The admin who
 * asked gets a 422 `FOUR_EYES`, an already-decided one a 422 on `adjustment`, a debit that would overdraw one on
 * `amount`: all shown in the confirmation, so they are `handled` here.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { adminListKey } from '@/features/admin/api/admin-table';
import { dashboardQueryKey } from '@/features/admin/api/get-dashboard';
import { userListsFilter } from '@/features/admin/api/get-user';
import type { AdjustmentRequest } from '@/features/admin/types';
import type { Transaction } from '@/types/lotto';

export const adjustmentsQueryKey = ['admin', 'adjustments'] as const;

export function getAdjustments(signal?: AbortSignal) {
  return api.get<AdjustmentRequest[]>('/admin/adjustments', { signal }).then((answer) => answer.data ?? []);
}

export function adjustmentsQueryOptions() {
  return queryOptions({ queryKey: adjustmentsQueryKey, queryFn: ({ signal }) => getAdjustments(signal) });
}

/** Refetched every 30 s: another admin may file or decide one while the page is open. */
export function useAdjustments() {
  return useQuery({ ...adjustmentsQueryOptions(), refetchInterval: 30_000 });
}

export type AdjustmentDecision = 'approve' | 'reject';

export type Decided =
  | { adjustment: AdjustmentRequest; balance: number; transaction: Transaction }
  | AdjustmentRequest;

const handled = (error: ApiError) => error.status === 422;

export function decideAdjustment({ id, decision }: { id: number; decision: AdjustmentDecision }) {
  return api.post<Decided>(`/admin/adjustments/${id}/${decision}`, {}, { handled });
}

/** After a decision the list, the player (balance, transactions) and the money lists may all have changed. */
export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAdjustment,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adjustmentsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'user'] });
      void queryClient.invalidateQueries(userListsFilter());
      void queryClient.invalidateQueries({ queryKey: adminListKey('/admin/users') });
      void queryClient.invalidateQueries({ queryKey: adminListKey('/admin/transactions') });
      void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
    },
  });
}
