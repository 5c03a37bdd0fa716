/**
 * For a test file of /boss components: every test runs signed in as admin #1, with no toast left from the test
 * before, and the session and any stubbed fetch cleared after.
 */
import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { toastStore } from '@/lib/toast-store';
import { makeLogin, makeUser } from './data';

export function signedInAsAdmin() {
  beforeEach(() => {
    saveLogin(makeLogin({ user: makeUser({ id: 1, role: 'admin' }) }));
    act(() => toastStore.set([]));
  });
  afterEach(() => {
    act(() => clearSession());
    vi.unstubAllGlobals();
  });
}
