import { describe, expect, it } from 'vitest';
import { lastLoginText } from './last-login';

describe('lastLoginText', () => {
  it('gives the previous login in Lagos time, says when there is none, and nothing when unknown', () => {
    expect(lastLoginText('2026-11-22T18:15:00Z')).toBe('Last login: 22 Nov 2026, 7:15 pm WAT');
    expect(lastLoginText(null)).toBe('This is your first login.');
    expect(lastLoginText(undefined)).toBeNull();
  });
});
