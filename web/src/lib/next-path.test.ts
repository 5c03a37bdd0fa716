import { describe, expect, it } from 'vitest';
import { loginThenReturnTo, safeNextPath } from '@/lib/next-path';

describe('the page a login returns to', () => {
  it('keeps a page of this site with its query', () => {
    expect(safeNextPath('/user/withdrawal')).toBe('/user/withdrawal');
    expect(safeNextPath('/user/deposit?reference=AYO-1')).toBe('/user/deposit?reference=AYO-1');
  });

  it('goes nowhere special for the home page or nothing', () => {
    expect(safeNextPath('/')).toBeNull();
    expect(safeNextPath('')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
    expect(loginThenReturnTo(null)).toBe('/');
  });

  it('carries the page in the home address, encoded', () => {
    expect(loginThenReturnTo('/user/deposit?reference=AYO-1')).toBe('/?next=%2Fuser%2Fdeposit%3Freference%3DAYO-1');
  });

  // The attack: a link to our own login that, once the player types their password, sends them to a look-alike.
  it.each([
    'https://evil.example/login',
    '//evil.example/login',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    ' //evil.example',
    'user/profile',
  ])('never follows %j off the site', (next) => {
    expect(safeNextPath(next)).toBeNull();
    expect(loginThenReturnTo(next)).toBe('/');
  });
});
