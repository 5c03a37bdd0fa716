/**
 * Which auth dialog is open (docs/product.md §14 "Dialogs"): login, or sign-up at its form or OTP step. One value, so
 * opening one always closes the other. Anything may open them: the header, a page, a finished flow.
 */
import { createStore, useStore } from '@/lib/create-store';

export type AuthDialogState =
  | { kind: 'login'; identity?: string }
  | { kind: 'signup'; step: 'form' }
  | { kind: 'signup'; step: 'otp'; email: string; notice?: string }
  | null;

export const authDialogStore = createStore<AuthDialogState>(null);

/**
 * The page a login goes on to (lib/next-path), kept outside the dialog's state so that it survives the sign-up and
 * code steps a new player passes through before the login; closing the dialogs forgets it.
 */
let afterLogin: string | null = null;

export function openLogin(identity?: string) {
  authDialogStore.set({ kind: 'login', identity });
}

/** The login, after which the player goes on to `next` (a path on this site, already checked). */
export function openLoginThen(next: string) {
  afterLogin = next;
  openLogin();
}

/** Where the login that just succeeded goes on to, once. */
export function takeAfterLogin(): string | null {
  const next = afterLogin;
  afterLogin = null;
  return next;
}

export function openSignup() {
  authDialogStore.set({ kind: 'signup', step: 'form' });
}

/** The sign-up dialog's OTP step for `email` (after sign-up, or a login by an unverified player). */
export function openVerification(email: string, notice?: string) {
  authDialogStore.set({ kind: 'signup', step: 'otp', email, notice });
}

export function closeAuthDialog() {
  afterLogin = null;
  authDialogStore.set(null);
}

export function useAuthDialog(): AuthDialogState {
  return useStore(authDialogStore);
}
