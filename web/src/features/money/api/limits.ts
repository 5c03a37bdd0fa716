/** GET /limits: the deposit limits in force and what each rolling window already holds (for the deposit room). */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { LimitPeriod, LimitsAnswer } from '@/types/money';

export function useLimits() {
  return useQuery({
    queryKey: queryKeys.limits,
    queryFn: ({ signal }) => api.get<LimitsAnswer>('/limits', { signal }).then((answer) => answer.data),
  });
}

export type DepositRoom = { period: LimitPeriod; limit: number; room: number };

/** The tightest limit: what the player may still deposit now, and which limit says so. Null without limits. */
export function depositRoom(limits: LimitsAnswer | undefined): DepositRoom | null {
  if (!limits) return null;
  let tightest: DepositRoom | null = null;
  for (const period of ['daily', 'weekly', 'monthly'] as const) {
    const limit = limits[period];
    if (limit === null || limit === undefined) continue;
    const room = Math.max(0, limit - (limits.used?.[period] ?? 0));
    if (!tightest || room < tightest.room) tightest = { period, limit, room };
  }
  return tightest;
}
