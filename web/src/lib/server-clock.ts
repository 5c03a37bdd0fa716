/**
 * The server's clock as this browser sees it (docs/product.md §5: countdowns never trust the local clock alone):
 * `serverNow() = Date.now() + offset`, the offset taken from the server's own timestamps at receipt.
 *
 * The socket is the authority (its snapshot and every draw event); an HTTP answer's `server_time` is used only
 * until the socket has spoken, so a page shows a right countdown even before the socket connects.
 * `useServerNow()` re-renders once a second from one shared timer, however many countdowns are on screen;
 * `useServerTime(select)` only when what it selects changes.
 */
import { useSyncExternalStore } from 'react';
import { clockOffsetMs } from '@/lib/realtime';

let offsetMs = 0;
let fromSocket = false;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function emit() {
  now = Date.now() + offsetMs;
  for (const listener of listeners) listener();
}

export function getServerOffset(): number {
  return offsetMs;
}

/** The server's time now, in epoch ms. */
export function serverNow(localNow = Date.now()): number {
  return localNow + offsetMs;
}

/** A new offset from the socket (authoritative). */
export function setServerOffset(ms: number) {
  fromSocket = true;
  if (ms !== offsetMs) {
    offsetMs = ms;
    emit();
  }
}

/** A server timestamp seen in an HTTP answer: used only while the socket has not given an offset yet. */
export function noteServerTime(serverTime: string | null | undefined, receivedAt = Date.now()) {
  if (fromSocket) return;
  const offset = clockOffsetMs(serverTime, receivedAt);
  if (offset !== null && offset !== offsetMs) {
    offsetMs = offset;
    emit();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now() + offsetMs;
    // Tick on the local second boundary so every countdown on screen changes together.
    timer = setInterval(emit, 1_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function read() {
  // Before the shared timer runs (the first render), bring a stale reading up to date; it stays stable within
  // a second, as useSyncExternalStore requires.
  if (!timer && Date.now() + offsetMs - now >= 1_000) now = Date.now() + offsetMs;
  return now;
}

/** The server's time, refreshed every second while mounted. */
export function useServerNow(): number {
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * Something worked out from the server's time (is this draw on sale? which draw is next?), re-rendering only
 * when the answer changes rather than every second: a page that shows a countdown need not redraw itself with
 * each tick, only the countdown does. `select` must answer a primitive or an object it did not make (an item of
 * a list it was given), so that an unchanged answer is the same value.
 */
export function useServerTime<T>(select: (serverNow: number) => T): T {
  const snapshot = () => select(read());
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** For tests: forget the offset. */
export function resetServerClock() {
  offsetMs = 0;
  fromSocket = false;
  now = Date.now();
}
