/**
 * The login session (docs/product.md §12), persisted in localStorage under `user`, `token` and `expiry`.
 *
 * One small external store: React reads it with `useSession()`, plain code with `getSession()`.
 * The pure helpers (`isSessionValid`, `sessionRole`, `expiryFrom`) hold the rules and are unit-tested.
 */
import { useSyncExternalStore } from 'react';
import type { AuthResult, Role, User } from '@/types/api';

export const STORAGE_KEYS = { user: 'user', token: 'token', expiry: 'expiry', banks: 'banks' } as const;

/** docs/product.md §19: the token lifetime when the server does not say. */
export const DEFAULT_TOKEN_LIFETIME_SECONDS = 3600;

export type Session = {
  token: string | null;
  /** Epoch milliseconds after which the token is no longer used. */
  expiry: number | null;
  user: User | null;
};

const EMPTY: Session = { token: null, expiry: null, user: null };

/** When a token issued at `now` stops being valid; `expires_in` defaults to 3600 s. */
export function expiryFrom(expiresIn: number | undefined | null, now: number): number {
  const seconds =
    typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0
      ? expiresIn
      : DEFAULT_TOKEN_LIFETIME_SECONDS;
  return now + seconds * 1000;
}

/** A token exists and is unexpired. */
export function isSessionValid(session: Session, now: number): boolean {
  return Boolean(session.token) && session.expiry !== null && now < session.expiry;
}

/** The role of a valid session, or null when nobody is logged in (docs/product.md §12 "logged-in user/admin"). */
export function sessionRole(session: Session, now: number): Role | null {
  if (!isSessionValid(session, now) || !session.user) return null;
  return session.user.role;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readStored(): Session {
  const store = storage();
  if (!store) return EMPTY;
  const token = store.getItem(STORAGE_KEYS.token);
  const expiryText = store.getItem(STORAGE_KEYS.expiry);
  const expiry = expiryText === null ? null : Number(expiryText);
  let user: User | null = null;
  try {
    const raw = store.getItem(STORAGE_KEYS.user);
    user = raw ? (JSON.parse(raw) as User) : null;
  } catch {
    user = null;
  }
  return { token, expiry: expiry !== null && Number.isFinite(expiry) ? expiry : null, user };
}

function writeStored(session: Session) {
  const store = storage();
  if (!store) return;
  const set = (key: string, value: string | null) =>
    value === null ? store.removeItem(key) : store.setItem(key, value);
  set(STORAGE_KEYS.token, session.token);
  set(STORAGE_KEYS.expiry, session.expiry === null ? null : String(session.expiry));
  set(STORAGE_KEYS.user, session.user ? JSON.stringify(session.user) : null);
}

let current: Session = readStored();
/** Why the last session ended: a deliberate log out, or an expired or refused token. */
export type SessionEnd = 'logout' | 'expired';
let lastEnd: SessionEnd | null = null;
const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function emit() {
  for (const listener of listeners) listener();
}

/** Log the session out by itself when its token expires, so no page keeps showing a stale login. */
function scheduleExpiry() {
  clearTimeout(expiryTimer);
  if (current.token && current.expiry !== null) {
    // setTimeout's limit is ~24.8 days; a token lives an hour.
    const delay = Math.min(current.expiry - Date.now(), 2 ** 31 - 1);
    expiryTimer = setTimeout(() => {
      if (!isSessionValid(current, Date.now())) clearSession('expired');
    }, Math.max(delay, 0));
  }
}

function replace(next: Session) {
  current = next;
  writeStored(next);
  scheduleExpiry();
  emit();
}

export function getSession(): Session {
  return current;
}

/** The bearer token to send, or null when there is none or it has expired. */
export function getValidToken(now = Date.now()): string | null {
  return isSessionValid(current, now) ? current.token : null;
}

/** Login (or change-password) success: keep the token with its expiry and the user. */
export function saveLogin(result: AuthResult, now = Date.now()) {
  lastEnd = null;
  replace({ token: result.token, expiry: expiryFrom(result.expires_in, now), user: result.user });
}

/** A fresher copy of the logged-in user (e.g. from GET /auth/profiles). */
export function setSessionUser(user: User) {
  if (!current.token) return;
  replace({ ...current, user });
}

/** Log out: clears the user, the token and its expiry. `expired` when the token, not the player, ended it. */
export function clearSession(reason: SessionEnd = 'logout') {
  lastEnd = reason;
  replace(EMPTY);
}

export function lastSessionEnd(): SessionEnd | null {
  return lastEnd;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logging in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) {
      current = readStored();
      scheduleExpiry();
      emit();
    }
  });
  if (current.token && !isSessionValid(current, Date.now())) {
    // A token that expired while the app was closed is dropped at once.
    current = EMPTY;
    writeStored(EMPTY);
  }
  scheduleExpiry();
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export type Auth = { session: Session; role: Role | null; user: User | null };

let auth: Auth = { session: EMPTY, role: null, user: null };

/**
 * The session as the UI sees it: `role` is null unless the token is present and unexpired. Worked out when the
 * session changes (the expiry timer changes it when the token runs out), so rendering stays pure.
 */
function getAuth(): Auth {
  if (auth.session !== current) {
    const role = sessionRole(current, Date.now());
    auth = { session: current, role, user: role ? current.user : null };
  }
  return auth;
}

export function useAuth(): Auth {
  return useSyncExternalStore(subscribeSession, getAuth, getAuth);
}

/** For tests: forget the in-memory copy and read localStorage again. */
export function reloadSessionFromStorage() {
  current = readStored();
  scheduleExpiry();
  emit();
}
