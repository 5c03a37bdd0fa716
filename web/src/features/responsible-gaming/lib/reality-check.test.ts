import { describe, expect, it } from 'vitest';
import { formatElapsed, intervalLabel, netInWords, nextCheckDue, signedNaira, toLocalMs } from './reality-check';

const MINUTE = 60_000;
const LOGIN = Date.parse('2026-11-22T18:00:00Z');

describe('nextCheckDue', () => {
  it('is the interval after the login, counted from the login, not from when the page loaded', () => {
    expect(nextCheckDue(LOGIN, 15, null)).toBe(LOGIN + 15 * MINUTE);
    expect(nextCheckDue(LOGIN, 60, null)).toBe(LOGIN + 60 * MINUTE);
  });

  it('is the interval after the last "Continue"', () => {
    const continued = LOGIN + 16 * MINUTE;
    expect(nextCheckDue(LOGIN, 15, continued)).toBe(continued + 15 * MINUTE);
    // A "Continue" from before this session (another login) does not count.
    expect(nextCheckDue(LOGIN, 15, LOGIN - MINUTE)).toBe(LOGIN + 15 * MINUTE);
  });

  it('is never when checks are off, or when the session ends first', () => {
    expect(nextCheckDue(LOGIN, 0, null)).toBeNull();
    expect(nextCheckDue(Number.NaN, 15, null)).toBeNull();
    expect(nextCheckDue(LOGIN, 60, null, LOGIN + 60 * MINUTE)).toBeNull();
    expect(nextCheckDue(LOGIN, 45, null, LOGIN + 60 * MINUTE)).toBe(LOGIN + 45 * MINUTE);
  });
});

describe('toLocalMs', () => {
  it('moves a server time into the browser clock with the offset seen on receipt', () => {
    // The server is 5 s ahead of this browser.
    const receivedAt = Date.parse('2026-11-22T18:10:00Z');
    expect(toLocalMs('2026-11-22T18:00:05Z', '2026-11-22T18:10:05Z', receivedAt)).toBe(LOGIN);
    expect(toLocalMs('2026-11-22T18:00:00Z', 'garbage', receivedAt)).toBe(LOGIN);
  });
});

describe('wording', () => {
  it('says how long in hours and minutes', () => {
    expect(formatElapsed(30_000)).toBe('less than a minute');
    expect(formatElapsed(MINUTE)).toBe('1 minute');
    expect(formatElapsed(15 * MINUTE + 59_000)).toBe('15 minutes');
    expect(formatElapsed(60 * MINUTE)).toBe('1 hour');
    expect(formatElapsed(125 * MINUTE)).toBe('2 hours 5 minutes');
  });

  it('signs naira figures and says the play result in words', () => {
    expect(signedNaira(500_000)).toBe('+₦5,000.00');
    expect(signedNaira(-15_000)).toBe('−₦150.00');
    expect(signedNaira(0)).toBe('₦0.00');
    expect(netInWords(-15_000)).toBe('You are ₦150.00 down on play this session.');
    expect(netInWords(100)).toBe('You are ₦1.00 up on play this session.');
    expect(netInWords(0)).toBe('You are even on play this session.');
  });

  it('names the intervals', () => {
    expect([0, 15, 60].map(intervalLabel)).toEqual(['Off', 'Every 15 minutes', 'Every hour']);
  });
});
