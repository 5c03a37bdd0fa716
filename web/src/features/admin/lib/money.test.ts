import { describe, expect, it } from 'vitest';
import { koboToNairaInput, nairaToKobo } from './money';

describe('naira as typed → kobo', () => {
  it.each([
    ['50', 5_000],
    ['50.5', 5_050],
    ['50.50', 5_050],
    ['1,250.75', 125_075],
    ['₦10,000,000', 1_000_000_000],
    [' 0.05 ', 5],
    ['.5', 50],
    ['0', 0],
  ])('%s → %i kobo', (text, kobo) => {
    expect(nairaToKobo(text)).toBe(kobo);
  });

  it('refuses what is not an amount rather than guessing', () => {
    for (const text of ['', 'abc', '1.234', '12a', '1..2', '--5', '₦']) expect(nairaToKobo(text)).toBeNull();
  });

  it('takes a sign only where a sign is allowed (adjustments)', () => {
    expect(nairaToKobo('-500')).toBeNull();
    expect(nairaToKobo('-500', { signed: true })).toBe(-50_000);
    expect(nairaToKobo('-250.50', { signed: true })).toBe(-25_050);
    expect(nairaToKobo('+1,500', { signed: true })).toBe(150_000);
  });

  it('never loses a kobo to floating point', () => {
    expect(nairaToKobo('0.29')).toBe(29);
    expect(nairaToKobo('1.15')).toBe(115);
    expect(nairaToKobo('4.35')).toBe(435);
  });
});

describe('kobo → what an input shows', () => {
  it.each([
    [5_000, '50'],
    [5_050, '50.50'],
    [5_005, '50.05'],
    [1_000_000_000, '10000000'],
    [-250, '-2.50'],
    [0, '0'],
  ])('%i kobo → %s', (kobo, text) => {
    expect(koboToNairaInput(kobo)).toBe(text);
  });

  it('round-trips every amount an input shows', () => {
    for (const kobo of [1, 99, 100, 5_050, 123_456_789]) expect(nairaToKobo(koboToNairaInput(kobo))).toBe(kobo);
  });
});
