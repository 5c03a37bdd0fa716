import { describe, expect, it } from 'vitest';
import { accountDigits, checkAccountNumber, maskAccountNumber, nubanCheckDigit } from './nuban';

const GTBANK = { code: '058', name: 'GTBank', nuban_check: true };
const OPAY = { code: '999992', name: 'OPay', nuban_check: false };

describe('a NUBAN', () => {
  it('is typed as digits only, at most ten', () => {
    expect(accountDigits('0123 456-785')).toBe('0123456785');
    expect(accountDigits('01234567851234')).toBe('0123456785');
    expect(accountDigits('abc')).toBe('');
  });

  it('needs exactly ten digits', () => {
    expect(checkAccountNumber('')).toBe('Enter your 10-digit account number');
    expect(checkAccountNumber('012345678')).toBe('The account number must have exactly 10 digits');
    expect(checkAccountNumber('01234567a5')).toBe('The account number must contain digits only');
    expect(checkAccountNumber('0123456785')).toBeUndefined();
  });

  it('has the CBN check digit of its bank (the server’s sandbox numbers and the CBN example)', () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    for (const [code, number] of [
      ['058', '0123456785'],
      ['044', '0690123456'],
      ['011', '0000014579'],
      ['057', '0123456788'],
      ['50211', '2001456789'],
    ] as const) {
      expect(checkAccountNumber(number, { code, name: code })).toBeUndefined();
    }
    expect(checkAccountNumber('0123456786', GTBANK)).toBe(
      'This is not a valid account number for the chosen bank; please check it',
    );
  });

  it('skips the check digit for wallets that do not use NUBANs', () => {
    expect(checkAccountNumber('8012345678', OPAY)).toBeUndefined();
  });

  it('is shown by its last four digits', () => {
    expect(maskAccountNumber('0123456785')).toBe('••••6785');
  });
});
