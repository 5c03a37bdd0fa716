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

export function openLogin(identity?: string) {
  authDialogStore.set({ kind: 'login', identity });
}

export function openSignup() {
  authDialogStore.set({ kind: 'signup', step: 'form' });
}

/** The sign-up dialog's OTP step for `email` (after sign-up, or a login by an unverified player). */
export function openVerification(email: string, notice?: string) {
  authDialogStore.set({ kind: 'signup', step: 'otp', email, notice });
}

export function closeAuthDialog() {
  authDialogStore.set(null);
}

export function useAuthDialog(): AuthDialogState {
  return useStore(authDialogStore);
}
