import { describe, expect, it } from 'vitest';
import { taxLine, withholding, type TaxRates } from './tax-line';

const RATES: TaxRates = {
  day: '2026-11-27',
  default_bp: 0,
  states: [{ state: 'LA', state_name: 'Lagos State', rate_bp: 500 }],
};

describe('withholding tax as the server takes it', () => {
  it('is the rate of the win less the stake, rounded down to the kobo', () => {
    // ₦3,600 won on a ₦100 stake: 5 % of ₦3,500 is ₦175 (data/src/tax.rs's own example).
    expect(withholding(360_000, 10_000, 500)).toBe(17_500);
    expect(withholding(139, 100, 500)).toBe(1);
    expect(withholding(100, 100, 500)).toBe(0);
  });
});

describe("the bet slip's tax line", () => {
  it('tells a Lagos player what the best win pays after 5 % withholding tax', () => {
    // PERM2 of 3 numbers at ₦100 a line: ₦300 staked, best win ₦72,000; tax 5 % of ₦71,700 = ₦3,585.
    expect(taxLine({ rates: RATES, player: { state: 'LA' }, potentialWin: 7_200_000, totalStake: 30_000 })).toBe(
      'Win up to ₦72,000.00 — ₦68,415.00 after 5 % Lagos withholding tax',
    );
  });

  it('says there is no tax for a player whose state withholds none', () => {
    expect(taxLine({ rates: RATES, player: { state: 'KN' }, potentialWin: 7_200_000, totalStake: 30_000 })).toBe(
      'Win up to ₦72,000.00 — no withholding tax',
    );
  });

  it('gives a guest the gross and a line on where tax applies', () => {
    expect(taxLine({ rates: RATES, potentialWin: 7_200_000, totalStake: 30_000 })).toBe(
      'Winnings above your stake bear withholding tax where you live: 5 % in Lagos. Log in to see what you would take home.',
    );
  });

  it('says nothing before the rates load or a win is worked out', () => {
    expect(taxLine({ rates: undefined, player: { state: 'LA' }, potentialWin: 100, totalStake: 10 })).toBeNull();
    expect(taxLine({ rates: RATES, player: { state: 'LA' }, potentialWin: null, totalStake: null })).toBeNull();
  });
});
