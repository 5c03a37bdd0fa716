import { describe, expect, it } from 'vitest';
import type { BetType, Game } from '@/types/lotto';
import {
  changeBetType,
  checkPicks,
  checkStake,
  emptySlip,
  linesOf,
  maxLinesWon,
  parseNaira,
  potentialWin,
  quickPick,
  summarize,
  ticketRequest,
  toggleNumber,
  type Slip,
} from './bet-slip';

/** The server's defaults (data crate `StakeRules::default`, `Multipliers::default`). */
const GAME: Pick<Game, 'multipliers' | 'stake_rules'> = {
  multipliers: { nap1: 40, nap2: 240, nap3: 2_100, nap4: 6_000, nap5: 44_000 },
  stake_rules: {
    nap_min_stake: 5_000,
    min_stake_per_line: 500,
    min_ticket_total: 5_000,
    max_ticket_total: 5_000_000,
    payout_cap: 1_000_000_000,
  },
};

const naira = (n: number) => n * 100;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const slip = (betType: BetType, numbers: number[] = [], top: number[] = [], bottom: number[] = []): Slip => ({
  ...emptySlip(betType),
  numbers,
  top,
  bottom,
});

describe('lines, as the server counts them', () => {
  it.each([
    ['NAP1', [7], 1],
    ['NAP2', [1, 2], 1],
    ['NAP3', [1, 2, 3], 1],
    ['NAP4', [1, 2, 3, 4], 1],
    ['NAP5', [1, 2, 3, 4, 5], 1],
    ['PERM2', [1, 2, 3], 3],
    ['PERM2', [1, 2, 3, 4, 5], 10],
    ['PERM2', range(1, 25), 300],
    ['PERM3', [1, 2, 3, 4], 4],
    ['PERM3', range(1, 20), 1_140],
    ['PERM4', range(1, 15), 1_365],
    ['PERM5', range(1, 10), 252],
    ['BANKER', [10], 89],
  ] as [BetType, number[], number][])('%s on %j has %i lines', (type, numbers, lines) => {
    expect(linesOf(slip(type, numbers))).toBe(lines);
  });

  it('AGAINST has |TOP| × |BOTTOM| lines', () => {
    expect(linesOf(slip('AGAINST', [], [1, 2, 3], [4, 5]))).toBe(6);
    expect(linesOf(slip('AGAINST', [], [1], [2, 3]))).toBe(2);
  });
});

describe('the best possible win (data crate `max_lines_won` and `potential_max_win`)', () => {
  it('counts the most lines one draw can win', () => {
    expect(maxLinesWon(slip('NAP1', [7]))).toBe(1);
    expect(maxLinesWon(slip('NAP5', [1, 2, 3, 4, 5]))).toBe(1);
    expect(maxLinesWon(slip('PERM2', [1, 2, 3, 4, 5, 6]))).toBe(10);
    expect(maxLinesWon(slip('PERM3', [1, 2, 3, 4]))).toBe(4);
    expect(maxLinesWon(slip('PERM5', range(1, 10)))).toBe(1);
    expect(maxLinesWon(slip('BANKER', [1]))).toBe(4);
    expect(maxLinesWon(slip('AGAINST', [], [1], range(2, 11)))).toBe(4);
    expect(maxLinesWon(slip('AGAINST', [], [1, 2, 3], [4, 5, 6]))).toBe(6);
  });

  it('pays lines × stake × the bet type’s rate', () => {
    const at = (s: Slip, stakeNaira: number) => potentialWin(s, naira(stakeNaira), GAME).win;
    expect(at(slip('NAP1', [7]), 10)).toBe(naira(400));
    expect(at(slip('NAP2', [1, 2]), 50)).toBe(naira(12_000));
    expect(at(slip('NAP3', [1, 2, 3]), 50)).toBe(naira(105_000));
    expect(at(slip('NAP4', [1, 2, 3, 4]), 50)).toBe(naira(300_000));
    expect(at(slip('PERM2', [1, 2, 3, 4, 5, 6]), 10)).toBe(naira(24_000));
    expect(at(slip('PERM2', [1, 2, 3, 4, 5]), 5)).toBe(naira(12_000));
    expect(at(slip('PERM3', [1, 2, 3, 4]), 5)).toBe(naira(4 * 5 * 2_100));
    expect(at(slip('PERM4', [1, 2, 3, 4, 5]), 5)).toBe(naira(5 * 5 * 6_000));
    expect(at(slip('PERM5', [1, 2, 3, 4, 5, 6]), 5)).toBe(naira(1 * 5 * 44_000));
    expect(at(slip('BANKER', [10]), 5)).toBe(naira(4 * 5 * 240));
    expect(at(slip('AGAINST', [], [1, 2, 3], [4, 5, 6]), 5)).toBe(naira(6 * 5 * 240));
  });

  it('never shows more than the payout cap', () => {
    // ₦500 × 44,000 = ₦22,000,000, shown as the ₦10,000,000 cap.
    expect(potentialWin(slip('NAP5', [1, 2, 3, 4, 5]), naira(500), GAME)).toEqual({
      win: naira(10_000_000),
      capped: true,
    });
    const tight = { ...GAME, stake_rules: { ...GAME.stake_rules, payout_cap: naira(1_000_000) } };
    expect(potentialWin(slip('NAP5', [1, 2, 3, 4, 5]), naira(50), tight).win).toBe(naira(1_000_000));
  });
});

describe('picks, in the server’s words', () => {
  it('asks each bet type for its count', () => {
    expect(checkPicks(slip('NAP1'))?.message).toBe('NAP1 needs exactly 1 number');
    expect(checkPicks(slip('NAP3', [1, 2]))?.message).toBe('NAP3 needs exactly 3 numbers');
    expect(checkPicks(slip('PERM2', [1, 2]))?.message).toBe('PERM2 needs between 3 and 25 numbers');
    expect(checkPicks(slip('PERM3', range(1, 21)))?.message).toBe('PERM3 needs between 4 and 20 numbers');
    expect(checkPicks(slip('PERM4', range(1, 16)))?.message).toBe('PERM4 needs between 5 and 15 numbers');
    expect(checkPicks(slip('PERM5', range(1, 11)))?.message).toBe('PERM5 needs between 6 and 10 numbers');
    expect(checkPicks(slip('BANKER'))?.message).toBe('BANKER needs exactly 1 number');
    expect(checkPicks(slip('PERM2', [1, 2, 3]))).toBeNull();
  });

  it('checks AGAINST groups field by field', () => {
    expect(checkPicks(slip('AGAINST', [], [], [1]))).toEqual({
      field: 'top',
      message: 'AGAINST needs at least 1 TOP number',
    });
    expect(checkPicks(slip('AGAINST', [], [1], []))?.field).toBe('bottom');
    expect(checkPicks(slip('AGAINST', [], [1], [2]))?.message).toBe(
      'AGAINST needs at least 2 lines (TOP × BOTTOM); add a number to either group',
    );
    expect(checkPicks(slip('AGAINST', [], [1, 2], [2, 3]))?.message).toBe(
      '2 is in both TOP and BOTTOM; the two groups must not share a number',
    );
    expect(checkPicks(slip('AGAINST', [], [1], [2, 3]))).toBeNull();
  });
});

describe('stake, in the server’s words (lotto::limits::price)', () => {
  const rules = GAME.stake_rules;
  it('refuses nothing or less', () => {
    expect(checkStake('NAP1', 1, 0, rules)).toBe('Stake per line must be more than ₦0.00');
  });

  it('wants ₦50 on a NAP ticket and ₦5 a line elsewhere', () => {
    expect(checkStake('NAP2', 1, 4_999, rules)).toBe('A NAP ticket costs at least ₦50.00');
    expect(checkStake('NAP2', 1, 5_000, rules)).toBeNull();
    expect(checkStake('PERM2', 10, 499, rules)).toBe('Stake per line must be at least ₦5.00');
    expect(checkStake('PERM2', 10, 500, rules)).toBeNull();
  });

  it('tells a small ticket the stake per line that reaches the minimum', () => {
    expect(checkStake('PERM2', 3, 500, rules)).toBe(
      'This ticket costs ₦15.00 (3 lines × ₦5.00) but the least a ticket may cost is ₦50.00; stake at least ₦16.67 per line',
    );
    expect(checkStake('PERM2', 3, 1_667, rules)).toBeNull();
  });

  it('caps the ticket at ₦50,000 and says the most per line', () => {
    expect(checkStake('BANKER', 89, 56_179, rules)).toBeNull();
    expect(checkStake('BANKER', 89, 60_000, rules)).toBe(
      '89 lines × ₦600.00 is above the ticket maximum of ₦50,000.00; stake at most ₦561.79 per line',
    );
    expect(checkStake('NAP1', 1, 5_000_001, rules)).toBe(
      '1 lines × ₦50,000.01 is above the ticket maximum of ₦50,000.00; stake at most ₦50,000.00 per line',
    );
  });

  it('tells a ticket with too many lines for the maximum to pick fewer numbers', () => {
    const tight = { ...rules, max_ticket_total: naira(100) };
    expect(checkStake('PERM2', 300, 500, tight)).toBe(
      'This ticket has 300 lines, too many to stay within the ticket maximum of ₦100.00 at the least stake per line; pick fewer numbers',
    );
  });

  it('checks only the per-line rules while the picks are incomplete', () => {
    expect(checkStake('PERM2', null, 500, rules)).toBeNull();
    expect(checkStake('PERM2', null, 400, rules)).toBe('Stake per line must be at least ₦5.00');
  });
});

describe('naira as typed', () => {
  it.each([
    ['50', 5_000],
    ['12.5', 1_250],
    ['16.67', 1_667],
    ['1,250', 125_000],
    [' ₦50 ', 5_000],
    ['0.29', 29],
  ])('%j is %i kobo', (text, kobo) => expect(parseNaira(text)).toBe(kobo));

  it.each(['', 'abc', '1.234', '-5', '5e3'])('%j is not an amount', (text) => expect(parseNaira(text)).toBeNull());
});

describe('the summary', () => {
  it('adds up a complete PERM 2', () => {
    expect(summarize(slip('PERM2', [7, 21, 45]), '50', GAME)).toMatchObject({
      lines: 3,
      totalStake: 15_000,
      potentialWin: 3_600_000,
      valid: true,
    });
  });

  it('is not valid with missing picks or an unreadable stake', () => {
    expect(summarize(slip('PERM2', [7]), '50', GAME)).toMatchObject({ lines: null, valid: false });
    expect(summarize(slip('NAP1', [7]), 'fifty', GAME)).toMatchObject({ stakeUnreadable: true, valid: false });
    expect(summarize(slip('NAP1', [7]), '', GAME).stake).toBe('Enter a stake per line');
  });
});

describe('the board', () => {
  it('adds and removes picks, up to the bet type’s maximum', () => {
    let s = emptySlip('NAP2');
    s = toggleNumber(s, 5).slip;
    s = toggleNumber(s, 9).slip;
    expect(s.numbers).toEqual([5, 9]);
    expect(toggleNumber(s, 11)).toEqual({ slip: s, full: true });
    expect(toggleNumber(s, 5).slip.numbers).toEqual([9]);
  });

  it('swaps the pick of a one-number bet', () => {
    expect(toggleNumber(slip('BANKER', [3]), 8).slip.numbers).toEqual([8]);
  });

  it('fills the chosen AGAINST group', () => {
    let s = emptySlip('AGAINST');
    s = toggleNumber(s, 1).slip;
    s = toggleNumber({ ...s, group: 'bottom' }, 2).slip;
    expect([s.top, s.bottom]).toEqual([[1], [2]]);
  });

  it('keeps what fits when the bet type changes', () => {
    const perm = slip('PERM2', [1, 2, 3, 4]);
    expect(changeBetType(perm, 'NAP2').numbers).toEqual([1, 2]);
    expect(changeBetType(perm, 'AGAINST').top).toEqual([1, 2, 3, 4]);
    expect(changeBetType(slip('AGAINST', [], [1], [2, 3]), 'PERM2').numbers).toEqual([1, 2, 3]);
  });

  it('quick-picks a complete, valid bet of distinct numbers', () => {
    for (const type of ['NAP1', 'NAP5', 'PERM2', 'PERM5', 'BANKER', 'AGAINST'] as BetType[]) {
      const picked = quickPick(emptySlip(type));
      expect(checkPicks(picked), type).toBeNull();
      const all = [...picked.numbers, ...picked.top, ...picked.bottom];
      expect(new Set(all).size).toBe(all.length);
      expect(all.every((n) => n >= 1 && n <= 90)).toBe(true);
    }
    expect(quickPick(slip('PERM2', [1, 2, 3, 4, 5])).numbers).toHaveLength(5);
  });

  it('builds the request body for the bet type', () => {
    expect(ticketRequest(slip('PERM2', [7, 21, 45]), 9, 5_000)).toEqual({
      draw_id: 9,
      bet_type: 'PERM2',
      numbers: [7, 21, 45],
      stake_per_line: 5_000,
    });
    expect(ticketRequest(slip('AGAINST', [], [1], [2, 3]), 9, 500)).toEqual({
      draw_id: 9,
      bet_type: 'AGAINST',
      top: [1],
      bottom: [2, 3],
      stake_per_line: 500,
    });
  });
});
