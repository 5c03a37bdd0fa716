import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getRealtimeClient } from '@/lib/realtime-client';
import { toastStore } from '@/lib/toast-store';
import { latestSocket } from '@/testing/live-socket';
import { useRiskAlerts } from './use-risk-alerts';

describe('the risk alert in /boss', () => {
  it('shows the server message of risk.reserve_warning, and nothing for other alerts', () => {
    const client = getRealtimeClient();
    client.start();
    try {
      act(() => latestSocket().open());
      renderHook(() => useRiskAlerts());
      const alert = (action: string, message: string, seq: number) =>
        act(() =>
          latestSocket().serverSends({ type: 'admin.alert', topic: 'admin', seq, data: { action, draw_id: 9, message } }),
        );
      alert('draw.settlement_halted', 'Settlement of draw #9 halted', 1);
      expect(toastStore.get()).toEqual([]);
      alert('risk.reserve_warning', 'Draw #9 can now cost 83.3% of its reserve', 2);
      expect(toastStore.get().map((t) => [t.kind, t.message])).toEqual([
        ['error', 'Draw #9 can now cost 83.3% of its reserve. See Risk.'],
      ]);
    } finally {
      client.stop();
    }
  });
});
