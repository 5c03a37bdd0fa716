/**
 * The pure half of the live connection (docs/api-lotto.md "WebSocket"): what a message does to the live state,
 * the server clock offset, reconnect backoff and per-topic `seq` gaps. No sockets, no React, no timers here; the
 * connection itself is `realtime-client.ts`.
 *
 * - `snapshot` replaces the state (after every connect and after `auth`), and forgets every topic's `seq`. Only the
 *   one answering `auth` has the key `wallet` (`null` if the balance could not be read): it alone confirms the
 *   player's balance, tickets and payments.
 * - `draw.updated` / `draw.result` upsert one draw by id.
 * - `wallet.updated`, `ticket.settled` and `tickets.settled` change nothing here; they become effects for the app's
 *   caches. The client asks for `tickets.settled` (one message per draw with all the player's settled tickets, see
 *   `AUTH_BATCH`); both become one `tickets` effect, so a batch is one cache update, not one per ticket.
 * - `identity.updated` (an admin decided the player's identity check) becomes an `identity` effect with the check as
 *   GET /identity answers it; `operator.updated` (who runs the lottery, changed in /boss) an `operator` effect.
 * - A message whose `seq` skips one (seq > last + 1) means missed events: the effect `reconnect` asks for a fresh
 *   snapshot. `seq` is the server's per-topic counter, so the first event after a snapshot sets the baseline; a
 *   `tickets.settled` counts one, like any event (the server numbers a batched socket's events its own way).
 * - The clock offset is `server_time − Date.now()` at receipt, from the snapshot and every draw event.
 */
import type { Draw, Ticket, Transaction } from '@/types/lotto';
import type { Operator } from '@/lib/operator';
import type { Identity } from '@/types/money';

export type RealtimeMessage = { type: string; topic?: string; seq?: number; data?: unknown };

export type RealtimeState = {
  /** Every draw the socket has told us about, by id: the snapshot's open and upcoming ones and what changed since. */
  draws: Record<number, Draw>;
  /** The logged-in player's balance from the last snapshot (null for a guest or when unknown). */
  balance: number | null;
  /** server clock − local clock, in ms; null until the first snapshot. */
  offsetMs: number | null;
  /** The last `seq` seen per topic since the last snapshot. */
  seq: Record<string, number>;
  /** Has a snapshot arrived on this connection? */
  synced: boolean;
  /** Has a snapshot arrived on any connection since the client started? Until then the page is still loading. */
  everSynced: boolean;
  /** Has the snapshot answering `auth` (the one with `wallet`) arrived on this connection? */
  playerSynced: boolean;
  /** …on any connection since the client started? Until then the player's pages are still loading. */
  everPlayerSynced: boolean;
};

export type RealtimeEffect =
  | { kind: 'snapshot'; balance: number | null }
  | { kind: 'draw'; draw: Draw; result: boolean }
  | { kind: 'wallet'; balance: number; transaction: Transaction | null }
  | { kind: 'tickets'; tickets: Ticket[] }
  | { kind: 'identity'; identity: Identity }
  | { kind: 'operator'; operator: Operator }
  | { kind: 'auth-refused'; message: string; errorCode: string | null }
  | { kind: 'reconnect'; reason: string };

export const initialRealtimeState: RealtimeState = {
  draws: {},
  balance: null,
  offsetMs: null,
  seq: {},
  synced: false,
  everSynced: false,
  playerSynced: false,
  everPlayerSynced: false,
};

/** What the client sends with `auth` to take its settled tickets batched: `{type:"auth", token, batch}`. */
export const AUTH_BATCH = ['tickets.settled'] as const;

/** How many finished draws (drawn, settled, cancelled) the live state keeps, newest first; the rest are HTTP's. */
export const FINISHED_DRAWS_KEPT = 40;

/** server − local, from a server timestamp read at `receivedAt` (local ms). NaN-safe: null if unreadable. */
export function clockOffsetMs(serverTime: unknown, receivedAt: number): number | null {
  if (typeof serverTime !== 'string') return null;
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAt : null;
}

export type Backoff = { baseMs: number; maxMs: number };
export const DEFAULT_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 30_000 };

/**
 * The wait before reconnect attempt `attempt` (0-based): exponential, capped, with "equal jitter" — half the
 * step fixed, half random — so a server restart is not met by every phone at the same instant, yet no phone
 * retries in a tight loop.
 */
export function backoffDelayMs(attempt: number, random: () => number = Math.random, backoff = DEFAULT_BACKOFF): number {
  const step = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, Math.min(attempt, 30)));
  return Math.round(step / 2 + random() * (step / 2));
}

export const isFinishedDraw = (draw: Draw) =>
  draw.status === 'drawn' || draw.status === 'settled' || draw.status === 'cancelled';

function isTicket(value: unknown): value is Ticket {
  return typeof value === 'object' && value !== null && typeof (value as Ticket).id === 'number';
}

/** The tickets of a `tickets.settled` (`{draw_id, tickets}`); the odd ones left out. */
function settledTickets(data: Record<string, unknown>): Ticket[] {
  return Array.isArray(data.tickets) ? data.tickets.filter(isTicket) : [];
}

function isDraw(value: unknown): value is Draw {
  return typeof value === 'object' && value !== null && typeof (value as Draw).id === 'number' && 'status' in value;
}

/** Keeps every unfinished draw and only the newest `FINISHED_DRAWS_KEPT` finished ones. */
function prune(draws: Record<number, Draw>): Record<number, Draw> {
  const finished = Object.values(draws).filter(isFinishedDraw);
  if (finished.length <= FINISHED_DRAWS_KEPT) return draws;
  const drop = new Set(
    finished
      .sort((a, b) => b.id - a.id)
      .slice(FINISHED_DRAWS_KEPT)
      .map((draw) => draw.id),
  );
  return Object.fromEntries(Object.entries(draws).filter(([id]) => !drop.has(Number(id))));
}

function upsertDraw(state: RealtimeState, draw: Draw): RealtimeState {
  return { ...state, draws: prune({ ...state.draws, [draw.id]: draw }) };
}

function withOffset(state: RealtimeState, serverTime: unknown, receivedAt: number): RealtimeState {
  const offsetMs = clockOffsetMs(serverTime, receivedAt);
  return offsetMs === null ? state : { ...state, offsetMs };
}

/** What one message does: the next state and what the app should do about it. Never throws on odd input. */
export function reduceRealtime(
  state: RealtimeState,
  message: RealtimeMessage,
  receivedAt: number,
): { state: RealtimeState; effects: RealtimeEffect[] } {
  const data = (message.data ?? {}) as Record<string, unknown>;

  if (message.type === 'snapshot') {
    const draws: Record<number, Draw> = {};
    for (const draw of Array.isArray(data.draws) ? data.draws : []) {
      if (isDraw(draw)) draws[draw.id] = draw;
    }
    const wallet = data.wallet as { balance?: unknown } | null | undefined;
    const balance = wallet && typeof wallet.balance === 'number' ? wallet.balance : null;
    const forPlayer = typeof data === 'object' && 'wallet' in data;
    const next: RealtimeState = {
      draws,
      balance,
      offsetMs: clockOffsetMs(data.server_time, receivedAt) ?? state.offsetMs,
      seq: {},
      synced: true,
      everSynced: true,
      playerSynced: forPlayer,
      everPlayerSynced: state.everPlayerSynced || forPlayer,
    };
    return { state: next, effects: [{ kind: 'snapshot', balance }] };
  }

  if (message.type === 'error') {
    const text = typeof data.message === 'string' ? data.message : 'The live connection refused the request';
    const code = typeof data.errorCode === 'string' ? data.errorCode : null;
    return { state, effects: [{ kind: 'auth-refused', message: text, errorCode: code }] };
  }

  // Every other message is a topic event with a `seq`.
  const effects: RealtimeEffect[] = [];
  let next = state;
  const topic = message.topic;
  const seq = message.seq;
  if (typeof topic === 'string' && typeof seq === 'number' && seq > 0) {
    const last = state.seq[topic];
    if (last !== undefined && seq <= last) {
      // Already seen (or from before the baseline): applying it again could undo something newer.
      return { state, effects };
    }
    if (last !== undefined && seq > last + 1) {
      effects.push({ kind: 'reconnect', reason: `missed ${seq - last - 1} event(s) on ${topic}` });
    }
    next = { ...next, seq: { ...next.seq, [topic]: seq } };
  }

  switch (message.type) {
    case 'draw.updated':
    case 'draw.result': {
      if (!isDraw(message.data)) break;
      const draw = message.data;
      next = withOffset(upsertDraw(next, draw), draw.server_time, receivedAt);
      effects.push({ kind: 'draw', draw, result: message.type === 'draw.result' });
      break;
    }
    case 'wallet.updated': {
      if (typeof data.balance !== 'number') break;
      next = { ...next, balance: data.balance };
      const transaction = (data.transaction ?? null) as Transaction | null;
      effects.push({ kind: 'wallet', balance: data.balance, transaction });
      break;
    }
    case 'ticket.settled': {
      if (isTicket(message.data)) effects.push({ kind: 'tickets', tickets: [message.data] });
      break;
    }
    case 'tickets.settled': {
      const tickets = settledTickets(data);
      if (tickets.length > 0) effects.push({ kind: 'tickets', tickets });
      break;
    }
    case 'identity.updated': {
      if (typeof data.status === 'string' && typeof data.message === 'string') {
        effects.push({ kind: 'identity', identity: message.data as Identity });
      }
      break;
    }
    case 'operator.updated': {
      if (typeof data.company === 'string' && Array.isArray(data.licences)) {
        effects.push({ kind: 'operator', operator: message.data as Operator });
      }
      break;
    }
    default:
      // marquee.updated, dashboard.updated: for other parts of the app; nothing to do here yet.
      break;
  }
  return { state: next, effects };
}

/** Two copies of one draw (HTTP and live): the one the server wrote later wins. */
export function fresherDraw(a: Draw, b: Draw): Draw {
  const ta = Date.parse(a.server_time);
  const tb = Date.parse(b.server_time);
  if (!Number.isFinite(ta)) return b;
  if (!Number.isFinite(tb)) return a;
  return tb >= ta ? b : a;
}

/** Draws from HTTP answers merged with the live ones, each id once, the freshest copy kept. */
export function mergeDraws(...lists: (Draw | null | undefined)[][]): Draw[] {
  const byId = new Map<number, Draw>();
  for (const list of lists) {
    for (const draw of list) {
      if (!draw) continue;
      const known = byId.get(draw.id);
      byId.set(draw.id, known ? fresherDraw(known, draw) : draw);
    }
  }
  return [...byId.values()];
}

/** A draw is on sale while it is open and the server's clock is before `closes_at`. */
export function isOnSale(draw: Draw, serverNow: number): boolean {
  return draw.status === 'open' && serverNow < Date.parse(draw.closes_at);
}

/**
 * The draw a game sells next: the open one still before its close by server time, else the soonest to close
 * of those scheduled or open. `gameId` null: across every game.
 */
export function nextDrawOf(draws: Draw[], gameId: number | null, serverNow: number): Draw | null {
  const candidates = draws
    .filter((draw) => gameId === null || draw.game_id === gameId)
    .filter((draw) => (draw.status === 'open' || draw.status === 'scheduled') && Date.parse(draw.closes_at) > serverNow)
    .sort((a, b) => Date.parse(a.closes_at) - Date.parse(b.closes_at));
  return candidates.find((draw) => isOnSale(draw, serverNow)) ?? candidates[0] ?? null;
}
