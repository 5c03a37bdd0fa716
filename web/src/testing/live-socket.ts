// Test helpers may reach into the app: they play the server's side of its one socket in page tests.
import { act } from '@testing-library/react';
import { expect } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-websocket';

export const latestSocket = () => FakeWebSocket.latest() as FakeWebSocket;

/** A snapshot on the latest socket: a guest's (every socket's first), or with `{ wallet }` the one answering auth. */
export function sendSnapshot(extra: Record<string, unknown> = {}) {
  act(() =>
    latestSocket().serverSends({
      type: 'snapshot',
      topic: 'snapshot',
      seq: 0,
      data: { server_time: new Date().toISOString(), draws: [], ...extra },
    }),
  );
}

/** The browser is back online: a new socket (the retry's, or one started now) opens, with no snapshot yet. */
export function reopenSocket() {
  act(() => window.dispatchEvent(new Event('online')));
  expect(latestSocket().readyState).toBe(FakeWebSocket.CONNECTING);
  act(() => latestSocket().open());
}
