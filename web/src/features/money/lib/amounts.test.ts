import { describe, expect, it } from 'vitest';
import { checkDepositAmount, checkWithdrawalAmount } from './amounts';

describe('a deposit amount', () => {
  it.each([
    ['100', 10_000],
    ['₦1,000,000', 100_000_000],
    ['2,500.50', 250_050],
  ])('takes %s naira as %i kobo', (text, kobo) => {
    expect(checkDepositAmount(text)).toEqual({ ok: true, kobo });
  });

  it('says what is wrong in words', () => {
    expect(checkDepositAmount('')).toEqual({ ok: false, error: 'Enter the amount to deposit' });
    expect(checkDepositAmount('five')).toEqual({ ok: false, error: 'Enter an amount in naira, like 5000 or 2500.50' });
    expect(checkDepositAmount('-500')).toMatchObject({ ok: false });
    expect(checkDepositAmount('99.99')).toEqual({ ok: false, error: 'The least you can deposit is ₦100.00' });
    expect(checkDepositAmount('1000000.01')).toEqual({
      ok: false,
      error: 'The most you can deposit at once is ₦1,000,000.00',
    });
  });

  it('stays within what the deposit limits leave', () => {
    expect(checkDepositAmount('5000', 500_000)).toEqual({ ok: true, kobo: 500_000 });
    expect(checkDepositAmount('5000.01', 500_000)).toEqual({
      ok: false,
      error: 'Your deposit limit lets you deposit up to ₦5,000.00 now',
    });
    expect(checkDepositAmount('100', 0)).toEqual({ ok: false, error: 'Your deposit limit is used up for now' });
  });
});

describe('a withdrawal amount', () => {
  it('is at least ₦1,000 and at most the balance', () => {
    expect(checkWithdrawalAmount('1000', 500_000)).toEqual({ ok: true, kobo: 100_000 });
    expect(checkWithdrawalAmount('5000', 500_000)).toEqual({ ok: true, kobo: 500_000 });
    expect(checkWithdrawalAmount('999.99', 500_000)).toEqual({
      ok: false,
      error: 'The minimum withdrawal is ₦1,000.00',
    });
    expect(checkWithdrawalAmount('5000.01', 500_000)).toEqual({
      ok: false,
      error: 'You can withdraw up to your balance of ₦5,000.00',
    });
    expect(checkWithdrawalAmount('', 500_000)).toEqual({ ok: false, error: 'Enter the amount to withdraw' });
  });

  it('explains a balance below the minimum', () => {
    expect(checkWithdrawalAmount('1000', 50_000)).toEqual({
      ok: false,
      error: 'Your balance of ₦500.00 is below the ₦1,000.00 minimum',
    });
  });
});
