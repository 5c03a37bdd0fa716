/**
 * Whether what a live page shows is confirmed by the server right now:
 *
 * - `loading`: no snapshot yet since the page opened (the page says it is loading; nothing to warn about);
 * - `live`: the socket is open and its snapshot has arrived;
 * - `reconnecting`: it was live, and has not been for `RECONNECTING_GRACE_MS` (closed, waiting to retry, or open
 *   but not yet re-synced). A deliberate reconnect (signing in or out, healing a `seq` gap) resyncs well within
 *   the grace, so it neither flashes the notice nor has a screen reader announce it.
 *
 * What is confirmed depends on what the page shows (`LiveTopic`): draws, countdowns and results by any socket's
 * snapshot; the signed-in player's balance, tickets and payments only by the snapshot answering `auth` (a guest's
 * snapshot comes first on every socket, and carries none of them).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getRealtimeClient } from '@/lib/realtime-client';

export type LiveConnection = 'loading' | 'live' | 'reconnecting';
export type LiveTopic = 'draws' | 'player';

function subscribe(listener: () => void) {
  const client = getRealtimeClient();
  const stopState = client.state.subscribe(listener);
  const stopStatus = client.status.subscribe(listener);
  return () => {
    stopState();
    stopStatus();
  };
}

function read(topic: LiveTopic): LiveConnection {
  const client = getRealtimeClient();
  const state = client.state.get();
  const [synced, everSynced] =
    topic === 'player' ? [state.playerSynced, state.everPlayerSynced] : [state.synced, state.everSynced];
  if (!everSynced) return 'loading';
  return client.status.get() === 'open' && synced ? 'live' : 'reconnecting';
}

const readers: Record<LiveTopic, () => LiveConnection> = {
  draws: () => read('draws'),
  player: () => read('player'),
};

export const RECONNECTING_GRACE_MS = 1_500;

export function useLiveConnection(topic: LiveTopic = 'draws'): LiveConnection {
  const now = useSyncExternalStore(subscribe, readers[topic], readers[topic]);
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
