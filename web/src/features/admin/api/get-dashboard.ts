import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type DashboardCounters = { players_total: number; players_new_today: number; players_verified: number };

/** GET /admin/dashboard: the back office's headline counters. */
export function getDashboard(signal?: AbortSignal) {
  return api.get<DashboardCounters>('/admin/dashboard', { signal }).then((response) => response.data);
}

export function dashboardQueryOptions() {
  return queryOptions({ queryKey: ['admin', 'dashboard'], queryFn: ({ signal }) => getDashboard(signal) });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
