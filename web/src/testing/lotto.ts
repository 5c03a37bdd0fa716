/**
 * Builders for games, draws and tickets, and an honest `ayo-lotto/v2` draw worked out independently (Python's
 * hashlib and hmac): seed 00…1f, draw 42, the empty tree's root, with and without the witness secret 20…3f.
 */
import type { Draw, Game, Ticket } from '@/types/lotto';
import { DEFAULT_MULTIPLIERS, DEFAULT_STAKE_RULES } from '@/lotto';

export const V2_EXAMPLE = {
  seed: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  commitment: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
  emptyRoot: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  witnessSecret: '202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f',
  witnessCommitment: '72dbb7336c76780023f83da4c355f2eeea85733b13d3477697917790c1229084',
  /** Draw 42 over the empty root, no witness. */
  numbers: [36, 39, 44, 48, 51],
  machineNumbers: [73, 3, 87, 74, 48],
  /** Draw 42 over the empty root, with the witness secret. */
  witnessedNumbers: [74, 89, 76, 38, 5],
  witnessedMachineNumbers: [70, 49, 59, 35, 87],
} as const;

export function makeDraw(overrides: Partial<Draw> = {}): Draw {
  return {
    id: 42,
    game_id: 1,
    game_name: 'Ayo Express',
    game_slug: 'ayo-express',
    status: 'settled',
    scheme: 'ayo-lotto/v2',
    opens_at: '2026-11-22T18:57:00.000Z',
    closes_at: '2026-11-22T18:59:30.000Z',
    draws_at: '2026-11-22T19:00:00.000Z',
    commitment: V2_EXAMPLE.commitment,
    tickets_hash: null,
    tickets_root: V2_EXAMPLE.emptyRoot,
    witness: null,
    ticket_count: 0,
    numbers: [...V2_EXAMPLE.numbers],
    machine_numbers: [...V2_EXAMPLE.machineNumbers],
    seed: V2_EXAMPLE.seed,
    cancelled_reason: null,
    would_be_numbers: null,
    settlement_halted: false,
    server_time: '2026-11-22T19:05:00.000Z',
    ...overrides,
  };
}

/**
 * A draw on sale at `now`: opened three minutes before, closing two and a half minutes after and drawn half a minute
 * later, with no result yet (the play page, the live state and the fairness panel all start from one).
 */
export function makeOpenDraw(overrides: Partial<Draw> = {}, now: number = Date.now()): Draw {
  const at = (seconds: number) => new Date(now + seconds * 1_000).toISOString();
  return {
    id: 31,
    game_id: 1,
    game_name: 'Ayo Express',
    game_slug: 'ayo-express',
    status: 'open',
    opens_at: at(-180),
    closes_at: at(150),
    draws_at: at(180),
    commitment: 'ab',
    tickets_hash: null,
    ticket_count: 0,
    numbers: null,
    machine_numbers: null,
    seed: null,
    cancelled_reason: null,
    server_time: at(0),
    ...overrides,
  };
}

export function makeGame(overrides: Partial<Game> = {}): Game {
  return {
    id: 1,
    slug: 'ayo-express',
    name: 'Ayo Express',
    description: 'A fresh 5/90 draw every three minutes.',
    status: 'active',
    schedule: { kind: 'interval', every_minutes: 3 },
    close_before_secs: 30,
    bet_types: ['NAP1', 'NAP2', 'NAP3', 'NAP4', 'NAP5', 'PERM2', 'PERM3', 'PERM4', 'PERM5', 'BANKER', 'AGAINST'],
    multipliers: DEFAULT_MULTIPLIERS,
    stake_rules: DEFAULT_STAKE_RULES,
    next_draw: null,
    ...overrides,
  };
}

export function makeTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 55,
    draw_id: 42,
    game_id: 1,
    game_name: 'Ayo Express',
    bet_type: 'PERM2',
    numbers: [7, 21, 45],
    top: [],
    bottom: [],
    lines: 3,
    stake_per_line: 5_000,
    total_stake: 15_000,
    potential_win: 3_600_000,
    terms: { multiplier: 240, payout_cap: 1_000_000_000 },
    status: 'lost',
    lines_won: 0,
    winnings: 0,
    created_at: '2026-11-22T18:58:00.000Z',
    settled_at: '2026-11-22T19:00:05.000Z',
    draw: { status: 'settled', draws_at: '2026-11-22T19:00:00.000Z', numbers: [36, 39, 44, 48, 51], machine_numbers: null },
    ...overrides,
  };
}
