/**
 * Changing the responsible-gaming settings (docs/api-money.md): POST /limits/update and POST /exclusions/create.
 * The answer goes into the cached profile (whose `responsible_gaming` the page shows), and the deposit page's
 * limits are refetched. A 422 shows beside its field.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import type { User } from '@/types/api';
import type { DepositLimits, Exclusion, ExclusionKind, ExclusionPeriod, ResponsibleGaming } from '@/types/money';
import type { LimitsPayload } from '../lib/limits-form';

const handled = (error: ApiError) => error.status === 422;

function patchProfile(queryClient: QueryClient, change: Partial<ResponsibleGaming>) {
  queryClient.setQueryData<User>(profileQueryKey, (user) => {
    if (!user) return user;
    const current: ResponsibleGaming = user.responsible_gaming ?? {
      limits: {
        daily: null,
        weekly: null,
        monthly: null,
        pending: { daily: null, weekly: null, monthly: null },
      },
      exclusion: null,
      window: 'rolling',
    };
    return { ...user, responsible_gaming: { ...current, ...change } };
  });
  void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  void queryClient.invalidateQueries({ queryKey: queryKeys.limits });
}

export function useUpdateLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: LimitsPayload) => api.post<DepositLimits>('/limits/update', payload, { handled }),
    onSuccess: (answer) => {
      const { daily, weekly, monthly, pending } = answer.data;
      patchProfile(queryClient, { limits: { daily, weekly, monthly, pending } });
    },
  });
}

export function useCreateExclusion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: ExclusionKind; period: ExclusionPeriod }) =>
      api.post<Exclusion>('/exclusions/create', body, { handled }),
    onSuccess: (answer) => patchProfile(queryClient, { exclusion: answer.data }),
  });
}
