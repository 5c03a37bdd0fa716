import { describe, expect, it } from 'vitest';
import { minutesLeft, sessionWarningAt } from './session-ending';

const end = Date.parse('2026-11-22T10:00:00Z');

describe('the warning before a session ends', () => {
  it('is due five minutes before the end', () => {
    expect(end - sessionWarningAt(end)).toBe(5 * 60_000);
  });

  it('counts the minutes left up, and never says 0 while any time is left', () => {
    expect(minutesLeft(end, end - 5 * 60_000)).toBe(5);
    expect(minutesLeft(end, end - 4 * 60_000 - 1)).toBe(5);
    expect(minutesLeft(end, end - 1_000)).toBe(1);
  });
});
