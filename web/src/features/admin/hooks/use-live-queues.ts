/**
 * The back office's queue counts, kept fresh: asked again whenever the live dashboard changes (a withdrawal asked
 * for or decided moves its figures), and every 30 s while the live connection is down.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useConnectionStatus } from '@/lib/realtime-provider';
import { useRealtimeMessage } from '@/lib/use-realtime-message';
import { queuesQueryKey, QUEUES_POLL_MS, useQueues } from '@/features/admin/api/queues';

export function useLiveQueues() {
  const queryClient = useQueryClient();
  const status = useConnectionStatus();
  useRealtimeMessage(['dashboard.updated', 'admin.alert'], () => {
    void queryClient.invalidateQueries({ queryKey: queuesQueryKey });
  });
  return useQueues(status === 'open' ? false : QUEUES_POLL_MS);
}
