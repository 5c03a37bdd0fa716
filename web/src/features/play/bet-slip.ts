/**
 * The bet slip's rules, pure and mirroring the server word for word (data crate `lotto::bet`, `lotto::limits`,
 * `lotto::settlement`), so the play page says what the server would say before anything is sent:
 *
 * - lines: NAPk 1, PERMk C(n, k), BANKER 89, AGAINST |TOP| × |BOTTOM|;
 * - potential win: the most lines the bet can win in one draw (NAP 1, PERMk C(min(n, 5), k), BANKER 4,
 *   AGAINST the best split of five balls between the groups) × stake per line × the bet's rate, capped;
 * - picks: NAPk exactly k, PERMk k + 1 to 25/20/15/10, BANKER exactly 1, AGAINST disjoint groups of ≥ 1 and
 *   at least 2 lines;
 * - stake: a NAP ticket ≥ nap_min_stake; otherwise ≥ min_stake_per_line a line and ≥ min_ticket_total in all;
 *   never above max_ticket_total.
 */
import { formatNaira } from '@/lib/format';
import { combinations } from '@/lib/lotto';
import type { BetType, Game, Multipliers, StakeRules } from '@/types/lotto';

export const LOWEST = 1;
export const HIGHEST = 90;
export const BALLS = 5;
export const BANKER_LINES = HIGHEST - LOWEST;
export const BANKER_LINES_WON = BALLS - 1;
export const PERM_MAX: Record<2 | 3 | 4 | 5, number> = { 2: 25, 3: 20, 4: 15, 5: 10 };

export type Group = 'top' | 'bottom';

export type Slip = {
  betType: BetType;
  /** NAP, PERM and BANKER picks, in the order picked. */
  numbers: number[];
  /** AGAINST groups. */
  top: number[];
  bottom: number[];
  /** Which AGAINST group a tap adds to. */
  group: Group;
};

export const emptySlip = (betType: BetType): Slip => ({ betType, numbers: [], top: [], bottom: [], group: 'top' });

export const napK = (type: BetType) => (/^NAP([1-5])$/.exec(type) ? Number(type.slice(3)) : null);
export const permK = (type: BetType) => (/^PERM([2-5])$/.exec(type) ? (Number(type.slice(4)) as 2 | 3 | 4 | 5) : null);

/** How many numbers a bet type takes: `min`–`max` picks (AGAINST: per group, no fixed maximum). */
export function pickRange(type: BetType): { min: number; max: number } {
  const nap = napK(type);
  if (nap) return { min: nap, max: nap };
  const perm = permK(type);
  if (perm) return { min: perm + 1, max: PERM_MAX[perm] };
  if (type === 'BANKER') return { min: 1, max: 1 };
  return { min: 1, max: HIGHEST - 1 };
}

/** What the board should say the bet type needs, e.g. "Pick 3 to 25 numbers". */
export function pickHint(type: BetType): string {
  const nap = napK(type);
  if (nap) return `Pick ${nap} number${nap === 1 ? '' : 's'}${nap === 1 ? ': it must be the first ball drawn' : ''}`;
  const perm = permK(type);
  if (perm) return `Pick ${perm + 1} to ${PERM_MAX[perm]} numbers`;
  if (type === 'BANKER') return 'Pick 1 banker number';
  return 'Pick TOP and BOTTOM numbers';
}

export function isPicked(slip: Slip, n: number): Group | 'number' | null {
  if (slip.betType === 'AGAINST') return slip.top.includes(n) ? 'top' : slip.bottom.includes(n) ? 'bottom' : null;
  return slip.numbers.includes(n) ? 'number' : null;
}

export function pickCount(slip: Slip): number {
  return slip.betType === 'AGAINST' ? slip.top.length + slip.bottom.length : slip.numbers.length;
}

/**
 * A tap on `n`: picked numbers are removed; new ones added while there is room. A one-number bet (NAP1,
 * BANKER) swaps its pick. The answer says whether the tap was refused (the board is full).
 */
export function toggleNumber(slip: Slip, n: number): { slip: Slip; full: boolean } {
  if (slip.betType === 'AGAINST') {
    if (slip.top.includes(n)) return { slip: { ...slip, top: slip.top.filter((x) => x !== n) }, full: false };
    if (slip.bottom.includes(n)) return { slip: { ...slip, bottom: slip.bottom.filter((x) => x !== n) }, full: false };
    return { slip: { ...slip, [slip.group]: [...slip[slip.group], n] }, full: false };
  }
  if (slip.numbers.includes(n)) return { slip: { ...slip, numbers: slip.numbers.filter((x) => x !== n) }, full: false };
  const { max } = pickRange(slip.betType);
  if (max === 1) return { slip: { ...slip, numbers: [n] }, full: false };
  if (slip.numbers.length >= max) return { slip, full: true };
  return { slip: { ...slip, numbers: [...slip.numbers, n] }, full: false };
}

/** A new bet type keeps as many picks as it can take (the first picked first). */
export function changeBetType(slip: Slip, betType: BetType): Slip {
  if (betType === slip.betType) return slip;
  if (betType === 'AGAINST') {
    return { ...emptySlip(betType), top: slip.betType === 'AGAINST' ? slip.top : slip.numbers };
  }
  const picks = slip.betType === 'AGAINST' ? [...slip.top, ...slip.bottom] : slip.numbers;
  return { ...emptySlip(betType), numbers: picks.slice(0, pickRange(betType).max) };
}

/** A fair random integer in [0, n), from the browser's CSPRNG. */
export function secureRandomBelow(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % n;
  }
}

function drawDistinct(count: number, exclude: readonly number[], below: (n: number) => number): number[] {
  const pool = Array.from({ length: HIGHEST }, (_, i) => i + LOWEST).filter((n) => !exclude.includes(n));
  const picked: number[] = [];
  while (picked.length < count && pool.length > 0) {
    const [n] = pool.splice(below(pool.length), 1);
    if (n !== undefined) picked.push(n);
  }
  return picked;
}

/**
 * Random numbers for the bet type, as many as it needs (PERM: as many as already picked, at least k + 1;
 * AGAINST: the groups' sizes, at least 1 TOP and 2 BOTTOM or 2 TOP and 1 BOTTOM).
 */
export function quickPick(slip: Slip, below: (n: number) => number = secureRandomBelow): Slip {
  if (slip.betType === 'AGAINST') {
    const topCount = Math.max(slip.top.length, 1);
    const bottomCount = Math.max(slip.bottom.length, topCount >= 2 ? 1 : 2);
    const top = drawDistinct(topCount, [], below);
    const bottom = drawDistinct(bottomCount, top, below);
    return { ...slip, top, bottom };
  }
  const { min, max } = pickRange(slip.betType);
  const count = Math.min(max, Math.max(min, slip.numbers.length));
  return { ...slip, numbers: drawDistinct(count, [], below) };
}

/** Lines on the ticket as the server counts them. */
export function linesOf(slip: Slip): number {
  const nap = napK(slip.betType);
  if (nap) return 1;
  const perm = permK(slip.betType);
  if (perm) return combinations(slip.numbers.length, perm);
  if (slip.betType === 'BANKER') return BANKER_LINES;
  return slip.top.length * slip.bottom.length;
}

/** The most lines the ticket can win in one draw. */
export function maxLinesWon(slip: Slip): number {
  if (napK(slip.betType)) return 1;
  const perm = permK(slip.betType);
  if (perm) return combinations(Math.min(slip.numbers.length, BALLS), perm);
  if (slip.betType === 'BANKER') return BANKER_LINES_WON;
  let best = 0;
  for (let fromTop = 0; fromTop <= Math.min(slip.top.length, BALLS); fromTop += 1) {
    best = Math.max(best, fromTop * Math.min(slip.bottom.length, BALLS - fromTop));
  }
  return best;
}

/** The rate a line of this bet type is paid at: NAPk and PERMk at NAPk's, BANKER and AGAINST at NAP2's. */
export function multiplierFor(type: BetType, multipliers: Multipliers): number {
  const k = napK(type) ?? permK(type) ?? 2;
  return multipliers[`nap${k}` as keyof Multipliers];
}

/** The best possible win, capped at the game's payout cap: lines won × stake per line × rate. */
export function potentialWin(slip: Slip, stakePerLine: number, game: Pick<Game, 'multipliers' | 'stake_rules'>) {
  const gross = maxLinesWon(slip) * Math.max(0, stakePerLine) * multiplierFor(slip.betType, game.multipliers);
  const cap = Math.max(0, game.stake_rules.payout_cap);
  return { win: Math.min(gross, cap), capped: gross > cap };
}

export type PickProblem = { field: 'numbers' | 'top' | 'bottom'; message: string };

/** What is wrong with the picks, in the server's words; null when the bet is complete. */
export function checkPicks(slip: Slip): PickProblem | null {
  const type = slip.betType;
  const nap = napK(type);
  if (nap) {
    if (slip.numbers.length !== nap) {
      return { field: 'numbers', message: `${type} needs exactly ${nap} ${nap === 1 ? 'number' : 'numbers'}` };
    }
    return null;
  }
  const perm = permK(type);
  if (perm) {
    const { min, max } = pickRange(type);
    if (slip.numbers.length < min || slip.numbers.length > max) {
      return { field: 'numbers', message: `${type} needs between ${min} and ${max} numbers` };
    }
    return null;
  }
  if (type === 'BANKER') {
    return slip.numbers.length === 1 ? null : { field: 'numbers', message: 'BANKER needs exactly 1 number' };
  }
  if (slip.top.length === 0) return { field: 'top', message: 'AGAINST needs at least 1 TOP number' };
  if (slip.bottom.length === 0) return { field: 'bottom', message: 'AGAINST needs at least 1 BOTTOM number' };
  const shared = slip.bottom.find((n) => slip.top.includes(n));
  if (shared !== undefined) {
    return {
      field: 'bottom',
      message: `${shared} is in both TOP and BOTTOM; the two groups must not share a number`,
    };
  }
  if (slip.top.length * slip.bottom.length < 2) {
    return { field: 'bottom', message: 'AGAINST needs at least 2 lines (TOP × BOTTOM); add a number to either group' };
  }
  return null;
}

/** Naira as typed (`50`, `1,250.5`) → kobo; null when it is not an amount with at most two decimals. */
export function parseNaira(text: string): number | null {
  const cleaned = text.replace(/[,\s₦]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

/**
 * What is wrong with the stake, in the server's words (`lotto::limits::price`); null when it is accepted.
 * `lines` null: the picks are not complete yet, so only the per-line rules can be checked.
 */
export function checkStake(type: BetType, lines: number | null, stakePerLine: number, rules: StakeRules): string | null {
  if (stakePerLine <= 0) return `Stake per line must be more than ${formatNaira(0)}`;
  const isNap = napK(type) !== null;
  const minPerLine = isNap ? rules.nap_min_stake : rules.min_stake_per_line;
  const minTotal = isNap ? rules.nap_min_stake : rules.min_ticket_total;
  if (stakePerLine < minPerLine) {
    return isNap
      ? `A NAP ticket costs at least ${formatNaira(minPerLine)}`
      : `Stake per line must be at least ${formatNaira(minPerLine)}`;
  }
  if (lines === null || lines <= 0) return null;
  const total = stakePerLine * lines;
  const max = rules.max_ticket_total;
  if (total > max) {
    const suggested = Math.floor(max / lines);
    if (suggested < minPerLine) {
      return `This ticket has ${lines} lines, too many to stay within the ticket maximum of ${formatNaira(max)} at the least stake per line; pick fewer numbers`;
    }
    return `${lines} lines × ${formatNaira(stakePerLine)} is above the ticket maximum of ${formatNaira(max)}; stake at most ${formatNaira(suggested)} per line`;
  }
  if (total < minTotal) {
    const suggested = Math.max(Math.ceil(minTotal / lines), minPerLine);
    return `This ticket costs ${formatNaira(total)} (${lines} lines × ${formatNaira(stakePerLine)}) but the least a ticket may cost is ${formatNaira(minTotal)}; stake at least ${formatNaira(suggested)} per line`;
  }
  return null;
}

export type SlipSummary = {
  /** Lines once the picks are complete, else null. */
  lines: number | null;
  totalStake: number | null;
  potentialWin: number | null;
  capped: boolean;
  picks: PickProblem | null;
  stake: string | null;
  /** The stake field's text is not an amount at all. */
  stakeUnreadable: boolean;
  valid: boolean;
};

/** Everything the live summary shows, from the slip, the stake as typed and the game's rules. */
export function summarize(slip: Slip, stakeText: string, game: Pick<Game, 'multipliers' | 'stake_rules'>): SlipSummary {
  const picks = checkPicks(slip);
  const stakePerLine = parseNaira(stakeText);
  const lines = picks ? null : linesOf(slip);
  if (stakePerLine === null) {
    return {
      lines,
      totalStake: null,
      potentialWin: null,
      capped: false,
      picks,
      stake: stakeText.trim() ? 'Enter the stake in naira, like 50 or 12.50' : 'Enter a stake per line',
      stakeUnreadable: true,
      valid: false,
    };
  }
  const stake = checkStake(slip.betType, lines, stakePerLine, game.stake_rules);
  const win = lines === null ? null : potentialWin(slip, stakePerLine, game);
  return {
    lines,
    totalStake: lines === null ? null : lines * stakePerLine,
    potentialWin: win?.win ?? null,
    capped: win?.capped ?? false,
    picks,
    stake,
    stakeUnreadable: false,
    valid: !picks && !stake,
  };
}

export type TicketRequest = {
  draw_id: number;
  bet_type: BetType;
  numbers?: number[];
  top?: number[];
  bottom?: number[];
  stake_per_line: number;
};

/** The body of POST /tickets/create, without its idempotency key. */
export function ticketRequest(slip: Slip, drawId: number, stakePerLine: number): TicketRequest {
  return slip.betType === 'AGAINST'
    ? { draw_id: drawId, bet_type: slip.betType, top: slip.top, bottom: slip.bottom, stake_per_line: stakePerLine }
    : { draw_id: drawId, bet_type: slip.betType, numbers: slip.numbers, stake_per_line: stakePerLine };
}
