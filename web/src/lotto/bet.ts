/**
 * A bet's picks and what they make (docs/product.md §3), as the data crate's `Bet::parse`, `Bet::lines` and
 * settlement count them; docs/vectors/rules/bets.json keeps the two in step. Pure.
 *
 * - lines: NAPk 1, PERMk C(n, k), BANKER 89, AGAINST |TOP| × |BOTTOM|;
 * - picks: NAPk exactly k, PERMk k + 1 to 25/20/15/10, BANKER exactly 1, AGAINST disjoint groups of ≥ 1 and at
 *   least 2 lines. The board only offers numbers from 1 to 90, each once, so those server checks have no twin here.
 */
import type { BetType } from '@/types/lotto';
import { BALLS, BANKER_LINES, BANKER_LINES_WON, combinations, napK, permK, pickRange } from './board';

/** A bet as the tickets API carries it: NAP, PERM and BANKER picks in `numbers`, AGAINST's in `top` and `bottom`. */
export type Bet = {
  betType: BetType;
  numbers: readonly number[];
  top: readonly number[];
  bottom: readonly number[];
};

/** A bet of `betType` on `numbers` (or, for AGAINST, on `top` against `bottom`). */
export function betOf(betType: BetType, numbers: readonly number[], top: readonly number[] = [], bottom: readonly number[] = []): Bet {
  return { betType, numbers, top, bottom };
}

/** Lines on the ticket as the server counts them. */
export function linesOf(bet: Bet): number {
  if (napK(bet.betType)) return 1;
  const perm = permK(bet.betType);
  if (perm) return combinations(bet.numbers.length, perm);
  if (bet.betType === 'BANKER') return BANKER_LINES;
  return bet.top.length * bet.bottom.length;
}

/** The most lines the ticket can win in one draw. */
export function maxLinesWon(bet: Bet): number {
  if (napK(bet.betType)) return 1;
  const perm = permK(bet.betType);
  if (perm) return combinations(Math.min(bet.numbers.length, BALLS), perm);
  if (bet.betType === 'BANKER') return BANKER_LINES_WON;
  let best = 0;
  for (let fromTop = 0; fromTop <= Math.min(bet.top.length, BALLS); fromTop += 1) {
    best = Math.max(best, fromTop * Math.min(bet.bottom.length, BALLS - fromTop));
  }
  return best;
}

/** How many of a ticket's lines win against the winning balls, in draw order (NAP1 wins on the first ball only). */
export function linesWonOf(bet: Bet, winning: readonly number[]): number {
  const drawn = (n: number) => winning.includes(n);
  const nap = napK(bet.betType);
  if (nap === 1) return winning[0] === bet.numbers[0] ? 1 : 0;
  if (nap) return bet.numbers.every(drawn) ? 1 : 0;
  const perm = permK(bet.betType);
  if (perm) return combinations(bet.numbers.filter(drawn).length, perm);
  if (bet.betType === 'BANKER') return bet.numbers.some(drawn) ? BANKER_LINES_WON : 0;
  return bet.top.filter(drawn).length * bet.bottom.filter(drawn).length;
}

export type PickProblem = { field: 'numbers' | 'top' | 'bottom'; message: string };

/** What is wrong with the picks, in the server's words; null when the bet is complete. */
export function checkPicks(bet: Bet): PickProblem | null {
  const type = bet.betType;
  const nap = napK(type);
  if (nap) {
    if (bet.numbers.length !== nap) {
      return { field: 'numbers', message: `${type} needs exactly ${nap} ${nap === 1 ? 'number' : 'numbers'}` };
    }
    return null;
  }
  if (permK(type)) {
    const { min, max } = pickRange(type);
    if (bet.numbers.length < min || bet.numbers.length > max) {
      return { field: 'numbers', message: `${type} needs between ${min} and ${max} numbers` };
    }
    return null;
  }
  if (type === 'BANKER') {
    return bet.numbers.length === 1 ? null : { field: 'numbers', message: 'BANKER needs exactly 1 number' };
  }
  if (bet.top.length === 0) return { field: 'top', message: 'AGAINST needs at least 1 TOP number' };
  if (bet.bottom.length === 0) return { field: 'bottom', message: 'AGAINST needs at least 1 BOTTOM number' };
  const shared = bet.bottom.find((n) => bet.top.includes(n));
  if (shared !== undefined) {
    return {
      field: 'bottom',
      message: `${shared} is in both TOP and BOTTOM; the two groups must not share a number`,
    };
  }
  if (bet.top.length * bet.bottom.length < 2) {
    return { field: 'bottom', message: 'AGAINST needs at least 2 lines (TOP × BOTTOM); add a number to either group' };
  }
  return null;
}
