import { describe, expect, it } from 'vitest';
import { decideAccess } from '@/lib/route-guard';
import type { Session } from '@/lib/session';
import type { User } from '@/types/api';

const now = 1_800_000_000_000;
const user = (role: 'user' | 'admin'): User => ({
  id: 1,
  name: 'Ada Obi',
  email: 'ada@example.com',
  phoneNumber: '+2348012345678',
  dob: '1990-05-17',
  role,
  email_verified: true,
  status: 'active',
  created_at: '2026-11-22T03:00:00Z',
  relationships: { wallet: { balance: 0 } },
});
const guest: Session = { token: null, expiry: null, user: null };
const player: Session = { token: 't', expiry: now + 60_000, user: user('user') };
const admin: Session = { token: 't', expiry: now + 60_000, user: user('admin') };
const expiredPlayer: Session = { ...player, expiry: now - 1 };
const expiredAdmin: Session = { ...admin, expiry: now };

describe('the route guard', () => {
  it('lets anyone through public and guest routes', () => {
    for (const session of [guest, player, admin, expiredPlayer]) {
      expect(decideAccess('public', session, now)).toEqual({ allow: true });
      expect(decideAccess('guest', session, now)).toEqual({ allow: true });
    }
  });

  it('sends a guest on a player page home with "Please login to continue"', () => {
    expect(decideAccess('user', guest, now)).toEqual({
      allow: false,
      redirectTo: '/',
      toast: 'Please login to continue',
    });
  });

  it('keeps the page a guest asked for, so the login that follows returns there', () => {
    expect(decideAccess('user', guest, now, '/user/withdrawal')).toEqual({
      allow: false,
      redirectTo: '/?next=%2Fuser%2Fwithdrawal',
      toast: 'Please login to continue',
    });
    expect(decideAccess('user', guest, now, '//evil.example')).toMatchObject({ redirectTo: '/' });
  });

  it('treats an expired token as no token', () => {
    expect(decideAccess('user', expiredPlayer, now)).toMatchObject({ allow: false, redirectTo: '/' });
    expect(decideAccess('admin', expiredAdmin, now)).toMatchObject({ allow: false, redirectTo: '/boss' });
  });

  it('lets a logged-in player into the player area', () => {
    expect(decideAccess('user', player, now)).toEqual({ allow: true });
  });

  it('sends a guest on a back-office page to /boss with the toast', () => {
    expect(decideAccess('admin', guest, now)).toEqual({
      allow: false,
      redirectTo: '/boss',
      toast: 'Please login to continue',
    });
  });

  it('sends a player on a back-office page to /boss', () => {
    expect(decideAccess('admin', player, now)).toEqual({ allow: false, redirectTo: '/boss' });
  });

  it('lets an admin into the back office, and takes a logged-in admin at /boss on to the dashboard', () => {
    expect(decideAccess('admin', admin, now)).toEqual({ allow: true });
    expect(decideAccess('admin-login', admin, now)).toEqual({ allow: false, redirectTo: '/boss/dashboard' });
    expect(decideAccess('admin-login', guest, now)).toEqual({ allow: true });
    expect(decideAccess('admin-login', player, now)).toEqual({ allow: true });
  });
});
