/**
 * Whether what a live page shows is confirmed by the server right now, for the pages with countdowns and draws:
 *
 * - `loading`: no snapshot yet since the page opened (the page says it is loading; nothing to warn about);
 * - `live`: the socket is open and its snapshot has arrived;
 * - `reconnecting`: it was live, and is not now (closed, waiting to retry, or open but not yet re-synced).
 */
import { useSyncExternalStore } from 'react';
import { getRealtimeClient } from '@/lib/realtime-client';

export type LiveConnection = 'loading' | 'live' | 'reconnecting';

function subscribe(listener: () => void) {
  const client = getRealtimeClient();
  const stopState = client.state.subscribe(listener);
  const stopStatus = client.status.subscribe(listener);
  return () => {
    stopState();
    stopStatus();
  };
}

function read(): LiveConnection {
  const client = getRealtimeClient();
  const { synced, everSynced } = client.state.get();
  if (!everSynced) return 'loading';
  return client.status.get() === 'open' && synced ? 'live' : 'reconnecting';
}

export function useLiveConnection(): LiveConnection {
  return useSyncExternalStore(subscribe, read, read);
}
