import { describe, expect, it } from 'vitest';
// The server's NUBAN and bank-account answers, published by data/tests/rule_vectors.rs from `nuban::validate`,
// `nuban::check_digit` and `bank_account::check`.
import vectorsText from '../../../../../docs/vectors/rules/nuban.json?raw';
import { accountDigits, checkAccountNumber, nubanCheckDigit, type BankOption } from './nuban';

type Refusal = { field: string; message: string };
const vectors = JSON.parse(vectorsText) as {
  account_length: number;
  check_digits: { bank_code: string; serial: string; check_digit: number | null }[];
  validate: { bank_code: string; account_number: string; answer: { valid: boolean; error?: Refusal } }[];
  banks: BankOption[];
  bank_account: { bank_code: string; account_number: string; answer: { error?: Refusal } }[];
};

describe('the app’s NUBAN check against the server’s published vectors', () => {
  it('computes the CBN check digit of every bank code', () => {
    expect(vectors.check_digits.length).toBeGreaterThan(3);
    for (const { bank_code, serial, check_digit } of vectors.check_digits) {
      expect(nubanCheckDigit(bank_code, serial), `${bank_code} ${serial}`).toBe(check_digit);
    }
  });

  it('accepts and refuses the account numbers the server does', () => {
    for (const { bank_code, account_number, answer } of vectors.validate) {
      const context = `${bank_code} ${account_number}`;
      const refused = checkAccountNumber(account_number, { code: bank_code, name: bank_code, nuban_check: true });
      if (answer.valid) expect(refused, context).toBeUndefined();
      // A malformed bank code never reaches the form (banks come from the server's list): no check digit is known.
      else if (answer.error?.field === 'bank_code') expect(nubanCheckDigit(bank_code, account_number.slice(0, 9))).toBeNull();
      else expect(refused, context).toBe(answer.error?.message);
    }
  });

  it('says what the server says of a bank account as the player typed it', () => {
    for (const { bank_code, account_number, answer } of vectors.bank_account) {
      // The bank is picked from the list, so an unknown or missing bank is the server's alone to refuse.
      if (answer.error?.field === 'bank_code') continue;
      const bank = vectors.banks.find((b) => b.code === bank_code);
      const context = `${bank_code} ${account_number}`;
      expect(bank, context).toBeDefined();
      expect(checkAccountNumber(account_number.trim(), bank), context).toBe(answer.error?.message);
    }
    expect(accountDigits('0'.repeat(vectors.account_length + 2))).toHaveLength(vectors.account_length);
  });
});
