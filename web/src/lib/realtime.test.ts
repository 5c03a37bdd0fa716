import { describe, expect, it } from 'vitest';
import { makeOpenDraw } from '@/testing/lotto';
import type { Draw } from '@/types/lotto';
import {
  backoffDelayMs,
  clockOffsetMs,
  FINISHED_DRAWS_KEPT,
  initialRealtimeState,
  isOnSale,
  mergeDraws,
  nextDrawOf,
  reduceRealtime,
  type RealtimeState,
} from './realtime';

const T0 = Date.parse('2026-11-22T19:00:00.000Z');

/** Draw 1, on sale at T0: closes at 19:02:30, drawn at 19:03. */
const draw = (overrides: Partial<Draw> = {}): Draw => makeOpenDraw({ id: 1, ...overrides }, T0);

const snapshot = (draws: Draw[], extra: Record<string, unknown> = {}) => ({
  type: 'snapshot',
  topic: 'snapshot',
  seq: 0,
  data: { server_time: '2026-11-22T19:00:00.000Z', draws, marquees: [], ...extra },
});

const event = (type: string, topic: string, seq: number, data: unknown) => ({ type, topic, seq, data });

function synced(draws: Draw[] = [draw()], extra?: Record<string, unknown>): RealtimeState {
  return reduceRealtime(initialRealtimeState, snapshot(draws, extra), T0).state;
}

describe('a snapshot', () => {
  it('replaces the state and sets the clock offset from server_time', () => {
    const before = synced([draw({ id: 9 })]);
    // Received 1.5 s later by the local clock than the server says: the phone is 1.5 s fast.
    const { state, effects } = reduceRealtime(before, snapshot([draw({ id: 2 })]), T0 + 1_500);
    expect(Object.keys(state.draws)).toEqual(['2']);
    expect(state.offsetMs).toBe(-1_500);
    expect(state.synced).toBe(true);
    expect(effects).toEqual([{ kind: 'snapshot', balance: null }]);
  });

  it('carries a logged-in player’s balance', () => {
    const { state, effects } = reduceRealtime(initialRealtimeState, snapshot([], { wallet: { balance: 125_000 } }), T0);
    expect(state.balance).toBe(125_000);
    expect(effects).toEqual([{ kind: 'snapshot', balance: 125_000 }]);
  });

  it('confirms the player’s own data only when it answers auth (it has `wallet`, even null)', () => {
    const guest = synced([]);
    expect(guest).toMatchObject({ synced: true, playerSynced: false, everPlayerSynced: false });
    const player = reduceRealtime(guest, snapshot([], { wallet: null }), T0).state;
    expect(player).toMatchObject({ synced: true, playerSynced: true, everPlayerSynced: true, balance: null });
    // The next socket's guest snapshot confirms the draws again, not the player's data.
    expect(reduceRealtime(player, snapshot([]), T0).state).toMatchObject({ playerSynced: false, everPlayerSynced: true });
    const odd = { type: 'snapshot', topic: 'snapshot', seq: 0, data: 'nonsense' };
    expect(reduceRealtime(player, odd, T0).state).toMatchObject({ synced: true, playerSynced: false });
  });

  it('forgets every topic’s seq', () => {
    let state = synced();
    state = reduceRealtime(state, event('draw.updated', 'draws', 41, draw()), T0).state;
    expect(state.seq).toEqual({ draws: 41 });
    expect(reduceRealtime(state, snapshot([]), T0).state.seq).toEqual({});
  });
});

describe('draw events', () => {
  it('upsert the draw by id and update the offset', () => {
    const state = synced([draw({ id: 1 }), draw({ id: 2, status: 'scheduled' })]);
    const closed = draw({ id: 1, status: 'closed', server_time: '2026-11-22T19:02:30.000Z' });
    const { state: next, effects } = reduceRealtime(state, event('draw.updated', 'draws', 5, closed), T0 + 150_000);
    expect(next.draws[1]?.status).toBe('closed');
    expect(next.draws[2]?.status).toBe('scheduled');
    expect(next.offsetMs).toBe(0);
    expect(effects).toEqual([{ kind: 'draw', draw: closed, result: false }]);
  });

  it('mark a result', () => {
    const drawn = draw({ status: 'drawn', numbers: [1, 2, 3, 4, 5], machine_numbers: [6, 7, 8, 9, 10], seed: 'ff' });
    const { state, effects } = reduceRealtime(synced(), event('draw.result', 'draws', 1, drawn), T0);
    expect(state.draws[1]?.numbers).toEqual([1, 2, 3, 4, 5]);
    expect(effects[0]).toMatchObject({ kind: 'draw', result: true });
  });

  it('keep only the newest finished draws', () => {
    let state = synced([]);
    for (let id = 1; id <= FINISHED_DRAWS_KEPT + 10; id += 1) {
      state = reduceRealtime(state, event('draw.updated', 'draws', id, draw({ id, status: 'settled' })), T0).state;
    }
    state = reduceRealtime(state, event('draw.updated', 'draws', 1_000, draw({ id: 1_000, status: 'open' })), T0).state;
    const ids = Object.keys(state.draws).map(Number);
    expect(ids).toHaveLength(FINISHED_DRAWS_KEPT + 1);
    expect(ids).toContain(1_000);
    expect(ids).not.toContain(1);
  });
});

describe('seq', () => {
  it('asks for a reconnect when a topic skips a number', () => {
    let state = synced();
    state = reduceRealtime(state, event('draw.updated', 'draws', 7, draw()), T0).state;
    const { effects } = reduceRealtime(state, event('draw.updated', 'draws', 9, draw()), T0);
    expect(effects[0]).toEqual({ kind: 'reconnect', reason: 'missed 1 event(s) on draws' });
  });

  it('counts each topic on its own', () => {
    let state = synced();
    state = reduceRealtime(state, event('draw.updated', 'draws', 7, draw()), T0).state;
    const { effects } = reduceRealtime(state, event('wallet.updated', 'user:7', 1, { balance: 5, transaction: null }), T0);
    expect(effects.some((effect) => effect.kind === 'reconnect')).toBe(false);
  });

  it('ignores a repeated or older event', () => {
    let state = synced();
    state = reduceRealtime(state, event('draw.updated', 'draws', 7, draw({ status: 'closed' })), T0).state;
    const { state: next, effects } = reduceRealtime(state, event('draw.updated', 'draws', 7, draw()), T0);
    expect(next).toBe(state);
    expect(effects).toEqual([]);
  });
});

describe('player events', () => {
  it('wallet.updated gives the new balance', () => {
    const transaction = { id: 3, type: 'stake', amount: -15_000 };
    const { state, effects } = reduceRealtime(
      synced(),
      event('wallet.updated', 'user:7', 1, { balance: 985_000, transaction }),
      T0,
    );
    expect(state.balance).toBe(985_000);
    expect(effects).toEqual([{ kind: 'wallet', balance: 985_000, transaction }]);
  });

  it('ticket.settled is handed on', () => {
    const ticket = { id: 12, status: 'won' };
    const { effects } = reduceRealtime(synced(), event('ticket.settled', 'user:7', 1, ticket), T0);
    expect(effects).toEqual([{ kind: 'tickets', tickets: [ticket] }]);
  });

  it('tickets.settled hands on all its tickets in one effect, and counts one seq', () => {
    const won = { id: 12, status: 'won' };
    const lost = { id: 13, status: 'lost' };
    const batch = { draw_id: 31, tickets: [won, 'nonsense', lost] };
    const first = reduceRealtime(synced(), event('tickets.settled', 'user:7', 1, batch), T0);
    expect(first.effects).toEqual([{ kind: 'tickets', tickets: [won, lost] }]);
    const then = reduceRealtime(first.state, event('wallet.updated', 'user:7', 2, { balance: 5 }), T0);
    expect(then.effects.map((effect) => effect.kind)).toEqual(['wallet']);
  });

  it('an empty or odd tickets.settled does nothing', () => {
    expect(reduceRealtime(synced(), event('tickets.settled', 'user:7', 1, { draw_id: 31, tickets: [] }), T0).effects).toEqual([]);
    expect(reduceRealtime(synced(), event('tickets.settled', 'user:7', 1, { draw_id: 31 }), T0).effects).toEqual([]);
  });

  it('an error (a refused auth) is handed on', () => {
    const { effects } = reduceRealtime(synced(), { type: 'error', topic: 'error', seq: 0, data: { message: 'No', errorCode: 'N403' } }, T0);
    expect(effects).toEqual([{ kind: 'auth-refused', message: 'No', errorCode: 'N403' }]);
  });

  it('odd messages change nothing', () => {
    const state = synced();
    expect(reduceRealtime(state, { type: 'draw.updated', topic: 'draws', seq: 1, data: 'nonsense' }, T0).effects).toEqual([]);
    expect(reduceRealtime(state, { type: 'marquee.updated', topic: 'marquee', seq: 1, data: {} }, T0).effects).toEqual([]);
  });
});

describe('clock offset', () => {
  it('is server time minus local time at receipt', () => {
    expect(clockOffsetMs('2026-11-22T19:00:05.000Z', T0)).toBe(5_000);
    expect(clockOffsetMs('not a time', T0)).toBeNull();
    expect(clockOffsetMs(undefined, T0)).toBeNull();
  });
});

describe('reconnect backoff', () => {
  it('doubles from 1 s up to 30 s, half of each step random', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelayMs(n, () => 0))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000,
    ]);
    expect([0, 1, 5, 50].map((n) => backoffDelayMs(n, () => 1))).toEqual([1_000, 2_000, 30_000, 30_000]);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const delay = backoffDelayMs(attempt);
      expect(delay).toBeGreaterThanOrEqual(500);
      expect(delay).toBeLessThanOrEqual(30_000);
    }
  });
});

describe('choosing the draw to show', () => {
  const now = Date.parse('2026-11-22T19:00:00.000Z');
  const open = draw({ id: 1, closes_at: '2026-11-22T19:02:30.000Z' });
  const next = draw({ id: 2, status: 'scheduled', closes_at: '2026-11-22T19:05:30.000Z' });
  const weekly = draw({ id: 3, game_id: 2, closes_at: '2026-11-24T19:10:00.000Z' });

  it('prefers the draw on sale that closes first', () => {
    expect(nextDrawOf([next, weekly, open], null, now)?.id).toBe(1);
    expect(nextDrawOf([next, weekly, open], 2, now)?.id).toBe(3);
  });

  it('moves on once sales close by the server clock, before any event says so', () => {
    const after = Date.parse('2026-11-22T19:02:30.000Z');
    expect(isOnSale(open, after - 1)).toBe(true);
    expect(isOnSale(open, after)).toBe(false);
    expect(nextDrawOf([open, next], 1, after)?.id).toBe(2);
  });

  it('merges HTTP and live copies, the one the server wrote last winning', () => {
    const old = draw({ id: 1, status: 'open', server_time: '2026-11-22T19:00:00.000Z' });
    const fresh = draw({ id: 1, status: 'closed', server_time: '2026-11-22T19:02:30.000Z' });
    expect(mergeDraws([fresh], [old])).toEqual([fresh]);
    expect(mergeDraws([old], [fresh, null])).toEqual([fresh]);
  });
});
