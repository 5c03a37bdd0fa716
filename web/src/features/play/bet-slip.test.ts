import { describe, expect, it } from 'vitest';
import type { BetType, Game } from '@/types/lotto';
import { checkPicks, checkStake, DEFAULT_MULTIPLIERS, DEFAULT_STAKE_RULES } from '@/lotto';
import {
  changeBetType,
  emptySlip,
  parseNaira,
  quickPick,
  summarize,
  ticketRequest,
  toggleNumber,
  type Slip,
} from './bet-slip';

/** The server's defaults (data crate `StakeRules::default`, `Multipliers::default`). */
const GAME: Pick<Game, 'multipliers' | 'stake_rules'> = {
  multipliers: DEFAULT_MULTIPLIERS,
  stake_rules: DEFAULT_STAKE_RULES,
};

const slip = (betType: BetType, numbers: number[] = [], top: number[] = [], bottom: number[] = []): Slip => ({
  ...emptySlip(betType),
  numbers,
  top,
  bottom,
});

// Lines, potential wins, pick and stake messages are checked against the server's own answers in
// src/lotto/vectors.test.ts; what is left here is the slip's own behaviour.
describe('the stake while the picks are incomplete', () => {
  const rules = GAME.stake_rules;
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
