/**
 * Listen to one kind of live message (`marquee.updated`, `dashboard.updated`, or `snapshot`) on the app's one
 * WebSocket, for parts of the app the realtime client does not model itself. The handler always sees the
 * latest props; the subscription lasts while the component is mounted.
 */
import { useEffect, useRef } from 'react';
import type { RealtimeMessage } from '@/lib/realtime';
import { getRealtimeClient } from '@/lib/realtime-client';

export function useRealtimeMessage(types: readonly string[], handler: (message: RealtimeMessage) => void) {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  const key = types.join('|');
  useEffect(() => {
    const wanted = new Set(key.split('|'));
    return getRealtimeClient().onMessage((message) => {
      if (wanted.has(message.type)) handlerRef.current(message);
    });
  }, [key]);
}
