/**
 * The play page's bet slip: the picks being made, how a tap or a quick pick changes them, and the live summary
 * (lines, cost, potential win, what is still wrong). The rules it applies are the app's one copy of the server's
 * (src/lotto, checked against docs/vectors/rules/); this file only holds the slip's state. Pure.
 */
import {
  checkPicks,
  checkStake,
  HIGHEST,
  linesOf,
  LOWEST,
  napK,
  permK,
  pickRange,
  potentialWin,
  PERM_MAX,
  type Bet,
  type PickProblem,
} from '@/lotto';
import type { BetType, Game } from '@/types/lotto';

export type Group = 'top' | 'bottom';

export type Slip = Bet & {
  /** NAP, PERM and BANKER picks, in the order picked. */
  numbers: number[];
  /** AGAINST groups. */
  top: number[];
  bottom: number[];
  /** Which AGAINST group a tap adds to. */
  group: Group;
};

export const emptySlip = (betType: BetType): Slip => ({ betType, numbers: [], top: [], bottom: [], group: 'top' });

/** What the board should say the bet type needs, e.g. "Pick 3 to 25 numbers". */
export function pickHint(type: BetType): string {
  const nap = napK(type);
  if (nap) return `Pick ${nap} number${nap === 1 ? '' : 's'}${nap === 1 ? ': it must be the first ball drawn' : ''}`;
  const perm = permK(type);
  if (perm) return `Pick ${perm + 1} to ${PERM_MAX[`PERM${perm}`]} numbers`;
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

/** Naira as typed (`50`, `1,250.5`) → kobo; null when it is not an amount with at most two decimals. */
export function parseNaira(text: string): number | null {
  const cleaned = text.replace(/[,\s₦]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  const kobo = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : null;
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
