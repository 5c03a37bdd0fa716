import { describe, expect, it } from 'vitest';
import { makeBankAccount } from '@/testing/money';
import { withdrawalsHeldUntil } from './withdrawal-hold';

const NOW = Date.parse('2026-11-22T08:00:00Z');

describe('withdrawalsHeldUntil', () => {
  it('answers the end of a hold still running', () => {
    const account = makeBankAccount({ withdrawals_held_until: '2026-11-23T07:59:00Z' });
    expect(withdrawalsHeldUntil(account, NOW)).toBe('2026-11-23T07:59:00Z');
  });

  it('answers null once the hold is over, with no hold, no account or an unreadable time', () => {
    expect(withdrawalsHeldUntil(makeBankAccount({ withdrawals_held_until: '2026-11-22T08:00:00Z' }), NOW)).toBeNull();
    expect(withdrawalsHeldUntil(makeBankAccount({ withdrawals_held_until: null }), NOW)).toBeNull();
    expect(withdrawalsHeldUntil(null, NOW)).toBeNull();
    expect(withdrawalsHeldUntil(makeBankAccount({ withdrawals_held_until: 'soon' }), NOW)).toBeNull();
  });
});
