/**
 * Reality checks (docs/api-money.md): GET /reality-check (the chosen interval, when this session began and its
 * money) and POST /reality-check/update. A failed read is quiet: the check is a safeguard layered on the page, and
 * must never open an error dialog or end the session by itself.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import type { User } from '@/types/api';
import type { RealityCheck } from '@/types/money';
import { toLocalMs } from '../lib/reality-check';

export const realityCheckQueryKey = ['reality-check'] as const;

/** The answer with the session's start moved into this browser's clock (see `toLocalMs`). */
export type RealityCheckAnswer = RealityCheck & { startedAtLocal: number };

export async function getRealityCheck(signal?: AbortSignal): Promise<RealityCheckAnswer> {
  const answer = await api.get<RealityCheck>('/reality-check', { signal, handled: () => true });
  const receivedAt = Date.now();
  return { ...answer.data, startedAtLocal: toLocalMs(answer.data.session_started_at, answer.data.server_time, receivedAt) };
}

/**
 * The settings that time the checks (`session`: the token's expiry, naming the session). Read once per session (and after the interval changes): reading the money
 * again is `fetchRealityCheckFigures`, so a later answer never moves the timer.
 */
export function useRealityCheckSettings(session: number | null) {
  return useQuery({
    // A new token (a new login, a password change) is a new session: read afresh.
    queryKey: [...realityCheckQueryKey, 'settings', session],
    queryFn: ({ signal }) => getRealityCheck(signal),
    enabled: session !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** The session's money now, for the dialog. */
export function useRealityCheckFigures(due: number | null) {
  return useQuery({
    queryKey: [...realityCheckQueryKey, 'figures', due],
    queryFn: ({ signal }) => getRealityCheck(signal),
    enabled: due !== null,
    staleTime: Infinity,
    retry: false,
  });
}

const handled = (error: ApiError) => error.status === 422;

export function useUpdateRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intervalMinutes: number) =>
      api.post<RealityCheck>('/reality-check/update', { interval_minutes: intervalMinutes }, { handled }),
    onSuccess: (answer) => {
      queryClient.setQueryData<User>(profileQueryKey, (user) =>
        user?.responsible_gaming
          ? {
              ...user,
              responsible_gaming: { ...user.responsible_gaming, reality_check_minutes: answer.data.interval_minutes },
            }
          : user,
      );
      void queryClient.invalidateQueries({ queryKey: realityCheckQueryKey });
    },
  });
}
