import { describe, expect, it } from 'vitest';
import { utcIsoToWatInput, watInputToUtcIso } from './wat-time';

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
