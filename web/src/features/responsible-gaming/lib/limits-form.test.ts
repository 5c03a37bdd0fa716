import { describe, expect, it } from 'vitest';
import { checkLimits, limitValues } from './limits-form';

const limits = {
  daily: 1_000_000,
  weekly: null,
  monthly: 5_000_050,
  pending: { daily: { amount: 2_000_000, effective_at: '2026-11-23T08:00:00Z' }, weekly: null, monthly: null },
};

describe('the deposit-limits form', () => {
  it('opens with the limits in force, in naira, empty for none', () => {
    expect(limitValues(limits)).toEqual({ daily: '10000', weekly: '', monthly: '50000.50' });
  });

  it('sends only what changed, so a waiting raise is not cancelled by sending the daily limit again', () => {
    const initial = limitValues(limits);
    expect(checkLimits({ ...initial, weekly: '20,000' }, initial)).toEqual({ ok: true, payload: { weekly: 2_000_000 } });
    expect(checkLimits({ ...initial, monthly: '' }, initial)).toEqual({ ok: true, payload: { monthly: null } });
    expect(checkLimits({ ...initial, daily: '0' }, initial)).toEqual({ ok: true, payload: { daily: 0 } });
  });

  it('names a bad box and asks for a change before saving', () => {
    const initial = limitValues(limits);
    expect(checkLimits({ ...initial, weekly: 'lots' }, initial)).toEqual({
      ok: false,
      errors: { weekly: 'Enter an amount in naira, like 5000, or leave it empty for no limit' },
    });
    expect(checkLimits({ ...initial, weekly: '100000001' }, initial)).toEqual({
      ok: false,
      errors: { weekly: 'Weekly limit can be at most ₦100,000,000.00' },
    });
    expect(checkLimits(initial, initial)).toEqual({ ok: false, errors: {}, message: 'Change a limit first' });
  });
});
