import { describe, expect, it } from 'vitest';
import { heldForAsker, heldForChecker } from './held-because';

describe('why an adjustment waits for a second admin', () => {
  it('names today’s total for this player when the day’s sum is the reason', () => {
    expect(heldForAsker('player_day')).toBe('would take today’s total for this player above the approval limit');
    expect(heldForChecker('player_day')).toMatch(/today’s total for this player is above the approval limit/);
  });

  it('names the admin’s total for today when spreading over players is the reason', () => {
    expect(heldForAsker('admin_day')).toMatch(/your total for today, across every player/);
    expect(heldForChecker('admin_day')).toMatch(/their total for today/);
  });

  it('falls back to the amount itself, as requests filed before the daily sums say', () => {
    expect(heldForAsker(undefined)).toBe('is above the approval limit');
    expect(heldForAsker('amount')).toBe('is above the approval limit');
    expect(heldForChecker(undefined)).toBe('Filed because it is above the approval limit by itself.');
  });
});
