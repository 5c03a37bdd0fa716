import { describe, expect, it } from 'vitest';
import { lagosDay, lagosMonth, utcIsoToWatInput, watInputToUtcIso } from './lagos-time';

describe('datetime inputs in Nigerian time', () => {
  it('reads the typed time as WAT (UTC+1) and sends UTC', () => {
    expect(watInputToUtcIso('2026-11-22T19:15')).toBe('2026-11-22T18:15:00.000Z');
    expect(watInputToUtcIso('2026-01-01T00:30')).toBe('2025-12-31T23:30:00.000Z');
  });

  it('treats an empty box as no time and refuses nonsense', () => {
    expect(watInputToUtcIso('')).toBeNull();
    expect(watInputToUtcIso('  ')).toBeNull();
    expect(watInputToUtcIso('tomorrow')).toBeUndefined();
  });

  it('shows a stored instant as WAT wall-clock time', () => {
    expect(utcIsoToWatInput('2026-11-22T18:15:00.000Z')).toBe('2026-11-22T19:15');
    expect(utcIsoToWatInput('2026-12-31T23:30:00Z')).toBe('2027-01-01T00:30');
    expect(utcIsoToWatInput(null)).toBe('');
  });

  it('round-trips', () => {
    expect(utcIsoToWatInput(watInputToUtcIso('2026-06-30T07:05'))).toBe('2026-06-30T07:05');
  });
});

describe('the Lagos calendar', () => {
  it('turns the day and the month at midnight WAT, an hour before UTC does', () => {
    expect(lagosDay(Date.parse('2026-11-30T22:59:00Z'))).toBe('2026-11-30');
    expect(lagosDay(Date.parse('2026-11-30T23:00:00Z'))).toBe('2026-12-01');
    expect(lagosMonth(Date.parse('2026-11-30T23:00:00Z'))).toBe('2026-12');
  });
});
