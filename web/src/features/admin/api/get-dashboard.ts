import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { DashboardFigures } from '@/features/admin/types';

export const dashboardQueryKey = ['admin', 'dashboard'] as const;

/** GET /admin/dashboard: players, money totals (all time and today), pending withdrawals and 30 days of series. */
export function getDashboard(signal?: AbortSignal) {
  return api.get<DashboardFigures>('/admin/dashboard', { signal }).then((response) => response.data);
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: dashboardQueryKey, queryFn: ({ signal }) => getDashboard(signal) });
}

/** `pollMs`: refetch while the live connection is down (the socket pushes `dashboard.updated` otherwise). */
export function useDashboard(pollMs: number | false = false) {
  return useQuery({ ...dashboardQueryOptions(), refetchInterval: pollMs });
}
