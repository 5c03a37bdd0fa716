import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  DEFAULT_TOKEN_LIFETIME_SECONDS,
  expiryFrom,
  getSession,
  getValidToken,
  isSessionValid,
  reloadSessionFromStorage,
  saveLogin,
  sessionRole,
} from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';

describe('token expiry', () => {
  it('is now plus expires_in seconds, 3600 when the server does not say', () => {
    expect(expiryFrom(60, 1000)).toBe(61_000);
    expect(expiryFrom(undefined, 0)).toBe(DEFAULT_TOKEN_LIFETIME_SECONDS * 1000);
    expect(expiryFrom(0, 0)).toBe(3_600_000);
    expect(expiryFrom(Number.NaN, 0)).toBe(3_600_000);
  });

  it('makes a session valid until, and not at, its expiry', () => {
    const session = { token: 't', expiry: 5000, user: makeUser() };
    expect(isSessionValid(session, 4999)).toBe(true);
    expect(isSessionValid(session, 5000)).toBe(false);
    expect(isSessionValid({ ...session, token: null }, 0)).toBe(false);
  });

  it('gives the role only of a valid session', () => {
    const admin = { token: 't', expiry: 5000, user: makeUser({ role: 'admin' }) };
    expect(sessionRole(admin, 1)).toBe('admin');
    expect(sessionRole(admin, 6000)).toBeNull();
  });
});

describe('the stored session', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => {
    clearSession();
    vi.useRealTimers();
  });

  it('keeps user, token and expiry in localStorage after a login', () => {
    saveLogin(makeLogin({ expires_in: 120 }));
    expect(localStorage.getItem('token')).toBe('token-abc');
    expect(Number(localStorage.getItem('expiry'))).toBe(Date.now() + 120_000);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ email: 'ada@example.com' });
    expect(getValidToken()).toBe('token-abc');
  });

  it('clears user, token and expiry on log out', () => {
    saveLogin(makeLogin());
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('expiry')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(getSession()).toEqual({ token: null, expiry: null, user: null });
  });

  it('logs out by itself when the token expires', () => {
    saveLogin(makeLogin({ expires_in: 60 }));
    vi.advanceTimersByTime(59_000);
    expect(getValidToken()).toBe('token-abc');
    vi.advanceTimersByTime(1_000);
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('reads a session saved by an earlier visit', () => {
    localStorage.setItem('token', 'stored');
    localStorage.setItem('expiry', String(Date.now() + 10_000));
    localStorage.setItem('user', JSON.stringify(makeUser()));
    reloadSessionFromStorage();
    expect(getValidToken()).toBe('stored');
    expect(getSession().user?.name).toBe('Ada Obi');
  });
});
