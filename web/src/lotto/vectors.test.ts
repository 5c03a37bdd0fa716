import { describe, expect, it } from 'vitest';
// The server's rules, published by data/tests/rule_vectors.rs from the data crate's own functions. Deliberately not
// skipped when missing: an app that has never met the server's answers is not known to agree with them.
import betsText from '../../../docs/vectors/rules/bets.json?raw';
import limitsText from '../../../docs/vectors/rules/limits.json?raw';
import pricesText from '../../../docs/vectors/rules/prices.json?raw';
import type { BetType, Multipliers, StakeRules } from '@/types/lotto';
import {
  BALLS,
  BET_TYPE_ORDER,
  betOf,
  checkPicks,
  checkStake,
  DEFAULT_MULTIPLIERS,
  DEFAULT_STAKE_RULES,
  defaultLottoRules,
  HIGHEST,
  linesOf,
  LOWEST,
  maxLinesWon,
  multiplierFor,
  PERM_MAX,
  potentialWin,
  WALLET_LIMITS,
} from '.';

type WireBet = { bet_type: BetType; numbers: number[]; top: number[]; bottom: number[] };
type Refusal = { error: { field: string; message: string } };
type BetCase = { bet: WireBet; answer: { lines: number; max_lines_won: number } | Refusal };
type PriceCase = {
  game: string;
  bet: WireBet;
  stake_per_line: number;
  answer: { lines: number; total_stake: number; max_win_capped: number } | Refusal;
};
type GameRules = { stake_rules: StakeRules; multipliers: Multipliers };

const bets = (JSON.parse(betsText) as { cases: BetCase[] }).cases;
const prices = JSON.parse(pricesText) as { games: Record<string, GameRules>; cases: PriceCase[] };
const limits = JSON.parse(limitsText) as {
  lowest_number: number;
  highest_number: number;
  balls_per_draw: number;
  bet_types: BetType[];
  perm_max_numbers: Record<string, number>;
  paid_at: Record<BetType, string>;
  default_multipliers: Multipliers;
  default_stake_rules: StakeRules;
  deposit_min: number;
  deposit_max: number;
  withdrawal_min: number;
};

const bet = (wire: WireBet) => betOf(wire.bet_type, wire.numbers, wire.top, wire.bottom);
const label = (wire: WireBet) =>
  wire.bet_type === 'AGAINST' ? `AGAINST ${wire.top.length}×${wire.bottom.length}` : `${wire.bet_type} on ${wire.numbers.length}`;

describe('the app’s lotto rules against the server’s published vectors', () => {
  it('has vectors to check', () => {
    expect(bets.length).toBeGreaterThan(50);
    expect(prices.cases.length).toBeGreaterThan(100);
  });

  it('knows the board, the bet types, the PERM maximums and what each type is paid at', () => {
    expect([LOWEST, HIGHEST, BALLS]).toEqual([limits.lowest_number, limits.highest_number, limits.balls_per_draw]);
    expect(BET_TYPE_ORDER).toEqual(limits.bet_types);
    expect(PERM_MAX).toEqual(limits.perm_max_numbers);
    const rates: Multipliers = { nap1: 1, nap2: 2, nap3: 3, nap4: 4, nap5: 5 };
    for (const type of limits.bet_types) {
      expect(`NAP${multiplierFor(type, rates)}`, type).toBe(limits.paid_at[type]);
    }
  });

  it('starts from the server’s defaults and wallet limits', () => {
    expect(DEFAULT_MULTIPLIERS).toEqual(limits.default_multipliers);
    expect(DEFAULT_STAKE_RULES).toEqual(limits.default_stake_rules);
    expect(defaultLottoRules.limits).toEqual(limits.default_stake_rules);
    expect(WALLET_LIMITS).toEqual({
      depositMinKobo: limits.deposit_min,
      depositMaxKobo: limits.deposit_max,
      withdrawalMinKobo: limits.withdrawal_min,
    });
  });

  it.each(bets.map((c) => [label(c.bet), c] as const))('takes the picks of %s as the server does', (_, c) => {
    const problem = checkPicks(bet(c.bet));
    if ('error' in c.answer) {
      expect(problem).toEqual(c.answer.error);
    } else {
      expect(problem).toBeNull();
      expect(linesOf(bet(c.bet))).toBe(c.answer.lines);
      expect(maxLinesWon(bet(c.bet))).toBe(c.answer.max_lines_won);
    }
  });

  it('prices every ticket as the server does', () => {
    for (const c of prices.cases) {
      const game = prices.games[c.game];
      if (!game) throw new Error(`no game ${c.game}`);
      const picked = bet(c.bet);
      const context = `${c.game}: ${label(c.bet)} at ${c.stake_per_line} kobo`;
      const stake = checkStake(picked.betType, linesOf(picked), c.stake_per_line, game.stake_rules);
      if ('error' in c.answer) {
        expect(c.answer.error.field, context).toBe('stake_per_line');
        expect(stake, context).toBe(c.answer.error.message);
      } else {
        expect(stake, context).toBeNull();
        expect(linesOf(picked), context).toBe(c.answer.lines);
        expect(linesOf(picked) * c.stake_per_line, context).toBe(c.answer.total_stake);
        expect(potentialWin(picked, c.stake_per_line, game).win, context).toBe(c.answer.max_win_capped);
      }
    }
  });
});
