/**
 * What a ticket costs and the most it can win (docs/product.md §4), in the words of the data crate's
 * `lotto::limits::price`; docs/vectors/rules/prices.json keeps the two in step. Amounts are integer kobo. Pure.
 *
 * Stake is per line. A NAP ticket costs at least `nap_min_stake`; other tickets at least `min_stake_per_line` a
 * line and `min_ticket_total` in all; no ticket more than `max_ticket_total`. The potential win is the most lines
 * the bet can win in one draw × stake per line × the bet's rate, capped at `payout_cap`.
 */
import { formatNaira } from '@/lib/format';
import type { BetType, Game, StakeRules } from '@/types/lotto';
import { type Bet, maxLinesWon } from './bet';
import { multiplierFor, napK } from './board';

/** The best possible win, capped at the game's payout cap: lines won × stake per line × rate. */
export function potentialWin(bet: Bet, stakePerLine: number, game: Pick<Game, 'multipliers' | 'stake_rules'>) {
  const gross = maxLinesWon(bet) * Math.max(0, stakePerLine) * multiplierFor(bet.betType, game.multipliers);
  const cap = Math.max(0, game.stake_rules.payout_cap);
  return { win: Math.min(gross, cap), capped: gross > cap };
}

/**
 * What is wrong with the stake, in the server's words; null when it is accepted. `lines` null: the picks are not
 * complete yet, so only the per-line rules can be checked.
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
