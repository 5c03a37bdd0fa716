import { describe, expect, it } from 'vitest';
import { checkAdjustment } from './adjust-wallet';

describe('the manual adjustment check', () => {
  it('passes a signed amount in kobo with the reason trimmed', () => {
    expect(checkAdjustment({ amount: '-250.50', reason: '  Refund of a double charge ' }, 100_000)).toEqual({
      ok: true,
      payload: { amount: -25_050, reason: 'Refund of a double charge' },
    });
  });

  it('names each field that is wrong, and no form message', () => {
    expect(checkAdjustment({ amount: '0', reason: 'hey' }, 0)).toEqual({
      ok: false,
      message: '',
      fieldErrors: {
        amount: 'Enter a non-zero amount in naira, e.g. 500 or -250.50',
        reason: 'Give a reason (5 to 500 characters)',
      },
    });
    const overdraw = checkAdjustment({ amount: '-5', reason: 'Takes back a bonus' }, 100);
    expect(overdraw.ok ? undefined : overdraw.fieldErrors.amount).toBe(
      'This would take the balance below zero (it is ₦1.00)',
    );
    const huge = checkAdjustment({ amount: '10000000.01', reason: 'Jackpot paid by hand' }, 0);
    expect(huge.ok ? undefined : huge.fieldErrors.amount).toBe('At most ₦10,000,000.00 either way');
  });
});
