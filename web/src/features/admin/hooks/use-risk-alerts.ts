/**
 * The risk alert anywhere in /boss: when a draw's exact worst case passes the warning share of its reserve, the
 * server sends one `admin.alert` with action `risk.reserve_warning` (docs/decisions/058); every back-office page
 * shows its message, so an admin away from the risk desk still learns of it.
 */
import { useRealtimeMessage } from '@/lib/use-realtime-message';
import { toast } from '@/lib/toast-store';

type Alert = { action: string; draw_id: number; message: string };

function isRiskAlert(value: unknown): value is Alert {
  const alert = value as Alert | null;
  return (
    typeof alert === 'object' &&
    alert !== null &&
    alert.action === 'risk.reserve_warning' &&
    typeof alert.message === 'string'
  );
}

export function useRiskAlerts() {
  useRealtimeMessage(['admin.alert'], (message) => {
    if (isRiskAlert(message.data)) toast.error(`${message.data.message}. See Risk.`);
  });
}
