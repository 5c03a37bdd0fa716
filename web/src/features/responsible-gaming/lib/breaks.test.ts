import { describe, expect, it } from 'vitest';
import { breakEnd, breakName, endsTooSoon } from './breaks';

const from = new Date('2026-08-31T10:00:00Z');

describe('a break', () => {
  it('ends after hours and days for a time-out, calendar months for a self-exclusion', () => {
    expect(breakEnd('24h', from).toISOString()).toBe('2026-09-01T10:00:00.000Z');
    expect(breakEnd('7d', from).toISOString()).toBe('2026-09-07T10:00:00.000Z');
    expect(breakEnd('30d', from).toISOString()).toBe('2026-09-30T10:00:00.000Z');
    // 31 August + 6 months: the last day of February, as the server counts.
    expect(breakEnd('6m', from).toISOString()).toBe('2027-02-28T10:00:00.000Z');
    expect(breakEnd('1y', from).toISOString()).toBe('2027-08-31T10:00:00.000Z');
    expect(breakEnd('5y', from).toISOString()).toBe('2031-08-31T10:00:00.000Z');
  });

  it('can only be made longer', () => {
    const current = {
      kind: 'timeout' as const,
      period: '7d' as const,
      starts_at: from.toISOString(),
      ends_at: '2026-09-07T10:00:00Z',
    };
    const now = new Date('2026-09-01T10:00:00Z');
    expect(endsTooSoon('24h', current, now)).toBe(true);
    expect(endsTooSoon('7d', current, now)).toBe(false);
    expect(endsTooSoon('6m', current, now)).toBe(false);
    expect(endsTooSoon('24h', null, now)).toBe(false);
  });
});

describe('the name of a break', () => {
  it('reads as English', () => {
    expect(breakName({ kind: 'timeout', length: '7-day' })).toBe('a 7-day time-out');
    expect(breakName({ kind: 'self_exclusion', length: '1-year' })).toBe('a 1-year self-exclusion');
  });
});
