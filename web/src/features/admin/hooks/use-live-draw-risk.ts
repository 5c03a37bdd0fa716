/**
 * One draw's risk on the desk, kept live: the server pushes `risk.updated` (topic `admin`) after sales on the draw,
 * at most every 250 ms; its figures go in at once and the full report (heat map, riskiest combinations) is read
 * again, one read at a time however fast the pushes come. While the socket is down the desk polls instead.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useConnectionStatus } from '@/lib/realtime-provider';
import { useRealtimeMessage } from '@/lib/use-realtime-message';
import {
  type DrawRisk,
  drawRiskKey,
  isRiskUpdated,
  RISK_REFRESH_MS,
  useDrawRisk,
  withPush,
} from '@/features/admin/api/draw-risk';

export function useLiveDrawRisk(drawId: number) {
  const queryClient = useQueryClient();
  const status = useConnectionStatus();
  useRealtimeMessage(['risk.updated'], (message) => {
    if (!isRiskUpdated(message.data) || message.data.draw_id !== drawId) return;
    const push = message.data;
    queryClient.setQueryData<DrawRisk>(drawRiskKey(drawId), (risk) => (risk ? withPush(risk, push) : risk));
    // A read already under way is kept, not restarted: pushes faster than the read never starve it.
    void queryClient.refetchQueries({ queryKey: drawRiskKey(drawId) }, { cancelRefetch: false });
  });
  const query = useDrawRisk(drawId, status === 'open' ? false : RISK_REFRESH_MS);
  return { ...query, live: status === 'open' };
}
