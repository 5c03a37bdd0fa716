import { describe, expect, it } from 'vitest';
import { countdownParts, formatCountdown, serverNowFrom, spokenCountdown, timeLeftMs } from './countdown';

const CLOSES = '2026-11-22T19:15:00.000Z';

describe('time left, on the server clock', () => {
  it('uses the server offset, not the local clock alone', () => {
    const local = Date.parse('2026-11-22T19:10:00.000Z');
    // The phone's clock is 2 minutes slow: the server is already at 19:12.
    const now = serverNowFrom(local, 120_000);
    expect(timeLeftMs(CLOSES, now)).toBe(180_000);
    expect(formatCountdown(timeLeftMs(CLOSES, now))).toBe('03m 00s');
    // A phone 30 s fast.
    expect(formatCountdown(timeLeftMs(CLOSES, serverNowFrom(local, -30_000)))).toBe('05m 30s');
  });

  it('reaches zero at the close and stays there', () => {
    const at = Date.parse(CLOSES);
    expect(timeLeftMs(CLOSES, at)).toBe(0);
    expect(countdownParts(timeLeftMs(CLOSES, at + 5_000)).totalSeconds).toBe(0);
    expect(formatCountdown(-1)).toBe('00m 00s');
  });
});

describe('formatting', () => {
  it('shows days, hours, minutes and seconds, dropping leading zero units', () => {
    expect(formatCountdown((((2 * 24 + 3) * 60 + 4) * 60 + 5) * 1000)).toBe('2d 03h 04m 05s');
    expect(formatCountdown(((3 * 60 + 4) * 60 + 5) * 1000)).toBe('03h 04m 05s');
    expect(formatCountdown(65_000)).toBe('01m 05s');
    expect(formatCountdown(86_400_000)).toBe('1d 00h 00m 00s');
  });

  it('rounds seconds up, so the last second shows 1', () => {
    expect(countdownParts(1)).toMatchObject({ seconds: 1, totalSeconds: 1 });
    expect(countdownParts(999)).toMatchObject({ seconds: 1 });
    expect(countdownParts(1_000)).toMatchObject({ seconds: 1 });
    expect(countdownParts(1_001)).toMatchObject({ seconds: 2 });
  });

  it('speaks to the minute, so screen readers are not told every second', () => {
    expect(spokenCountdown(30_000)).toBe('less than a minute');
    expect(spokenCountdown(61_000)).toBe('2 minutes');
    expect(spokenCountdown(119_000)).toBe(spokenCountdown(61_000));
    expect(spokenCountdown(3_600_000)).toBe('1 hour');
    expect(spokenCountdown(((26 * 60) + 5) * 60_000)).toBe('1 day 2 hours 5 minutes');
    expect(spokenCountdown(0)).toBe('no time');
  });
});
