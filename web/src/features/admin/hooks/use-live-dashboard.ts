/**
 * The dashboard's figures, kept live: the server pushes `dashboard.updated` (topic `admin`) to a socket that
 * sent `auth` with an admin token, and the realtime provider does that for whoever is logged in. While the
 * connection is down the page polls every 10 s instead, so figures never go stale silently.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useConnectionStatus } from '@/lib/realtime-provider';
import { useRealtimeMessage } from '@/lib/use-realtime-message';
import { dashboardQueryKey, useDashboard } from '@/features/admin/api/get-dashboard';
import type { DashboardFigures } from '@/features/admin/types';

export const DASHBOARD_POLL_MS = 10_000;

function isFigures(value: unknown): value is DashboardFigures {
  return typeof value === 'object' && value !== null && 'players_total' in value && 'series' in value;
}

export function useLiveDashboard() {
  const queryClient = useQueryClient();
  const status = useConnectionStatus();
  useRealtimeMessage(['dashboard.updated'], (message) => {
    if (isFigures(message.data)) queryClient.setQueryData(dashboardQueryKey, message.data);
  });
  const query = useDashboard(status === 'open' ? false : DASHBOARD_POLL_MS);
  return { ...query, live: status === 'open' };
}
