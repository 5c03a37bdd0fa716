/**
 * The 5/90 board and its bet types (docs/product.md §3), as the data crate's `lotto` module defines them; the
 * published vectors (docs/vectors/rules/limits.json, checked in vectors.test.ts) keep the two in step. Pure.
 */
import type { BetType, Multipliers } from '@/types/lotto';

/** Every ball is a number from LOWEST to HIGHEST; a draw has BALLS winning balls. */
export const LOWEST = 1;
export const HIGHEST = 90;
export const BALLS = 5;
/** A BANKER ticket pairs the banker with every other number… */
export const BANKER_LINES = HIGHEST - LOWEST;
/** …and, when the banker is drawn, wins the pairs with the other drawn balls. */
export const BANKER_LINES_WON = BALLS - 1;

/** The order bet types are offered in. */
export const BET_TYPE_ORDER: readonly BetType[] = [
  'NAP1',
  'NAP2',
  'NAP3',
  'NAP4',
  'NAP5',
  'PERM2',
  'PERM3',
  'PERM4',
  'PERM5',
  'BANKER',
  'AGAINST',
];

export type PermType = 'PERM2' | 'PERM3' | 'PERM4' | 'PERM5';
/** The most numbers a PERMk ticket may carry (the data crate's `Bet::perm_max_numbers`). */
export type PermMaxNumbers = Record<PermType, number>;
export const PERM_MAX: PermMaxNumbers = { PERM2: 25, PERM3: 20, PERM4: 15, PERM5: 10 };

const LABELS: Record<BetType, string> = {
  NAP1: 'NAP 1',
  NAP2: 'NAP 2',
  NAP3: 'NAP 3',
  NAP4: 'NAP 4',
  NAP5: 'NAP 5',
  PERM2: 'PERM 2',
  PERM3: 'PERM 3',
  PERM4: 'PERM 4',
  PERM5: 'PERM 5',
  BANKER: '1 Banker',
  AGAINST: 'Against',
};

/** A bet type as players say it, e.g. "PERM 3", "1 Banker". */
export function betTypeLabel(type: BetType | string): string {
  return LABELS[type as BetType] ?? type;
}

/** k of NAPk (1–5), else null. */
export const napK = (type: BetType) => (/^NAP([1-5])$/.exec(type) ? Number(type.slice(3)) : null);
/** k of PERMk (2–5), else null. */
export const permK = (type: BetType) => (/^PERM([2-5])$/.exec(type) ? (Number(type.slice(4)) as 2 | 3 | 4 | 5) : null);

/** How many numbers a bet type takes: `min`–`max` picks (AGAINST: per group, no fixed maximum). */
export function pickRange(type: BetType): { min: number; max: number } {
  const nap = napK(type);
  if (nap) return { min: nap, max: nap };
  const perm = permK(type);
  if (perm) return { min: perm + 1, max: PERM_MAX[`PERM${perm}`] };
  if (type === 'BANKER') return { min: 1, max: 1 };
  return { min: 1, max: HIGHEST - 1 };
}

/** The rate a line of this bet type is paid at: NAPk and PERMk at NAPk's, BANKER and AGAINST (pairs) at NAP2's. */
export function multiplierFor(type: BetType, multipliers: Multipliers): number {
  const k = napK(type) ?? permK(type) ?? 2;
  return multipliers[`nap${k}` as keyof Multipliers];
}

/** C(n, k): how many ways to choose k numbers from n (0 when k > n). Exact for every 5/90 ticket. */
export function combinations(n: number, k: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(k) || k < 0 || n < k) return 0;
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - k + i)) / i;
  return Math.round(result);
}
