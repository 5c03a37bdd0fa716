/** Bet types as players read them, shared by the play page, tickets and the back office. Pure. */
import type { BetType } from '@/types/lotto';

/** Every 5/90 ball is a number from 1 to 90. */
export const LOWEST_NUMBER = 1;
export const HIGHEST_NUMBER = 90;

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

export function betTypeLabel(type: BetType | string): string {
  return LABELS[type as BetType] ?? type;
}

/** C(n, k): how many ways to choose k numbers from n (0 when k > n). Exact for every 5/90 ticket. */
export function combinations(n: number, k: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(k) || k < 0 || n < k) return 0;
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - k + i)) / i;
  return Math.round(result);
}
