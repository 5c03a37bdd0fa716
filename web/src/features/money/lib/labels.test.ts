import { describe, expect, it } from 'vitest';
import { makeDeposit } from '@/testing/money';
import { depositNote, depositStatusWord, isExpiredDeposit, transactionStatusWord, WITHDRAWAL_STATUS } from './labels';

const closes = '2026-11-22T09:00:00Z';
const at = (iso: string) => Date.parse(iso);

describe('an abandoned deposit', () => {
  it('reads "Pending" while its checkout is open and "Expired" from the minute it closes', () => {
    const d = makeDeposit({ status: 'pending', expires_at: closes });
    expect(isExpiredDeposit(d, at('2026-11-22T08:59:59Z'))).toBe(false);
    expect(isExpiredDeposit(d, at(closes))).toBe(true);
    expect(depositStatusWord(d, false).label).toBe('Pending');
    expect(depositStatusWord(d, true).label).toBe('Expired');
  });

  it('says when the checkout closed, in Lagos time, that nothing was added, and that a late payment still arrives', () => {
    const note = depositNote(makeDeposit({ status: 'pending', expires_at: closes }), true);
    expect(note).toContain('22 Nov 2026');
    expect(note).toContain('10:00');
    expect(note).toMatch(/nothing was added/);
    expect(note).toMatch(/if you did pay, the payment still reaches you/);
  });

  it('never calls a finished deposit expired, whatever the time', () => {
    for (const status of ['success', 'failed', 'held'] as const) {
      const d = makeDeposit({ status, expires_at: closes });
      expect(isExpiredDeposit(d, at('2027-01-01T00:00:00Z'))).toBe(false);
      expect(depositStatusWord(d, true).label).not.toBe('Expired');
    }
  });

  it('reads "Expired" when the server says so, with the same note', () => {
    const d = makeDeposit({ status: 'expired', expires_at: closes });
    expect(isExpiredDeposit(d, at('2026-11-22T08:00:00Z'))).toBe(true);
    expect(depositStatusWord(d, false).label).toBe('Expired');
    expect(depositNote(d, false)).toMatch(/nothing was added/);
  });

  it('keeps an old deposit with no closing time as it was', () => {
    expect(isExpiredDeposit(makeDeposit({ status: 'pending' }), at('2027-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('a paid withdrawal has one name', () => {
  it('reads "Paid" in the transactions as on the withdrawal page', () => {
    expect(transactionStatusWord({ type: 'withdrawal', status: 'success' }).label).toBe(WITHDRAWAL_STATUS.success.label);
    expect(transactionStatusWord({ type: 'withdrawal', status: 'success' }).label).toBe('Paid');
  });

  it('keeps "Successful" for the other kinds of line', () => {
    expect(transactionStatusWord({ type: 'deposit', status: 'success' }).label).toBe('Successful');
    expect(transactionStatusWord({ type: 'win', status: 'success' }).label).toBe('Successful');
  });
});
