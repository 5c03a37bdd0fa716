import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { RealtimeClient } from './realtime-client';
import type { RealtimeEffect } from './realtime';

const snapshot = { type: 'snapshot', topic: 'snapshot', seq: 0, data: { server_time: new Date().toISOString(), draws: [] } };

function started() {
  const client = new RealtimeClient(() => 'ws://example.test/api/v1/ws');
  const effects: RealtimeEffect[] = [];
  client.onEffect((effect) => effects.push(effect));
  client.start();
  return { client, effects, socket: () => FakeWebSocket.latest() as FakeWebSocket };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the live connection', () => {
  it('sends auth after open when logged in, and nothing as a guest', () => {
    const { client, socket } = started();
    client.setToken('t1');
    socket().open();
    expect(socket().sent).toEqual([JSON.stringify({ type: 'auth', token: 't1', batch: ['tickets.settled'] })]);
    client.stop();

    const guest = started();
    guest.socket().open();
    expect(guest.socket().sent).toEqual([]);
    guest.client.stop();
  });

  it('authenticates an open guest socket when the player logs in', () => {
    const { client, socket } = started();
    socket().open();
    client.setToken('t1');
    expect(socket().sent).toEqual([JSON.stringify({ type: 'auth', token: 't1', batch: ['tickets.settled'] })]);
    expect(FakeWebSocket.instances).toHaveLength(1);
    client.stop();
  });

  it('reconnects as a guest on log out, and with a new socket for another account', () => {
    const { client, socket } = started();
    client.setToken('t1');
    socket().open();
    client.setToken(null);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket().open();
    expect(socket().sent).toEqual([]);
    client.setToken('t2');
    expect(socket().sent).toEqual([JSON.stringify({ type: 'auth', token: 't2', batch: ['tickets.settled'] })]);
    client.setToken('t3');
    expect(FakeWebSocket.instances).toHaveLength(3);
    socket().open();
    expect(socket().sent).toEqual([JSON.stringify({ type: 'auth', token: 't3', batch: ['tickets.settled'] })]);
    client.stop();
  });

  it('retries with growing waits after the socket closes, and sends auth again', () => {
    const { client, socket } = started();
    client.setToken('t1');
    socket().serverCloses();
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
    socket().serverCloses();
    vi.advanceTimersByTime(999);
    // The second wait is 1–2 s.
    vi.advanceTimersByTime(1_001);
    expect(FakeWebSocket.instances).toHaveLength(3);
    socket().open();
    expect(socket().sent).toEqual([JSON.stringify({ type: 'auth', token: 't1', batch: ['tickets.settled'] })]);
    client.stop();
  });

  it('reconnects at once on a seq gap, for a fresh snapshot', () => {
    const { client, socket } = started();
    socket().open();
    socket().serverSends(snapshot);
    socket().serverSends({ type: 'marquee.updated', topic: 'marquee', seq: 3, data: {} });
    socket().serverSends({ type: 'marquee.updated', topic: 'marquee', seq: 4, data: {} });
    expect(FakeWebSocket.instances).toHaveLength(1);
    socket().serverSends({ type: 'marquee.updated', topic: 'marquee', seq: 6, data: {} });
    expect(FakeWebSocket.instances).toHaveLength(2);
    client.stop();
  });

  it('hands balance and ticket events to its listeners', () => {
    const { client, socket, effects } = started();
    socket().open();
    socket().serverSends(snapshot);
    socket().serverSends({ type: 'wallet.updated', topic: 'user:7', seq: 1, data: { balance: 42, transaction: null } });
    expect(effects).toContainEqual({ kind: 'wallet', balance: 42, transaction: null });
    expect(client.state.get().balance).toBe(42);
    client.stop();
  });

  it('counts each new socket unsynced until its own snapshot, and forgets the live state when stopped', () => {
    const { client, socket } = started();
    socket().open();
    socket().serverSends(snapshot);
    expect(client.state.get()).toMatchObject({ synced: true, everSynced: true });
    socket().serverCloses();
    vi.advanceTimersByTime(1_000);
    socket().open();
    expect(client.state.get()).toMatchObject({ synced: false, everSynced: true });
    socket().serverSends(snapshot);
    expect(client.state.get()).toMatchObject({ synced: true, everSynced: true });
    socket().serverSends({ ...snapshot, data: { ...snapshot.data, wallet: { balance: 42 } } });
    expect(client.state.get()).toMatchObject({ playerSynced: true, everPlayerSynced: true });
    socket().serverCloses();
    vi.advanceTimersByTime(2_000);
    expect(client.state.get()).toMatchObject({ synced: false, playerSynced: false, everPlayerSynced: true });
    client.stop();
    expect(client.state.get()).toMatchObject({ synced: false, everSynced: false, everPlayerSynced: false });
  });

  it('stops for good', () => {
    const { client, socket } = started();
    client.stop();
    socket().serverCloses();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(client.status.get()).toBe('idle');
  });
});
