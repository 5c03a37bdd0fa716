/**
 * Whether what a live page shows is confirmed by the server right now, for the pages with countdowns and draws:
 *
 * - `loading`: no snapshot yet since the page opened (the page says it is loading; nothing to warn about);
 * - `live`: the socket is open and its snapshot has arrived;
 * - `reconnecting`: it was live, and has not been for `RECONNECTING_GRACE_MS` (closed, waiting to retry, or open
 *   but not yet re-synced). A deliberate reconnect (signing in or out, healing a `seq` gap) resyncs well within
 *   the grace, so it neither flashes the notice nor has a screen reader announce it.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
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

export const RECONNECTING_GRACE_MS = 1_500;

export function useLiveConnection(): LiveConnection {
  const now = useSyncExternalStore(subscribe, read, read);
  const [overdue, setOverdue] = useState(false);
  useEffect(() => {
    if (now !== 'reconnecting') return;
    const timer = setTimeout(() => setOverdue(true), RECONNECTING_GRACE_MS);
    return () => {
      clearTimeout(timer);
      setOverdue(false);
    };
  }, [now]);
  return now === 'reconnecting' && !overdue ? 'live' : now;
}
