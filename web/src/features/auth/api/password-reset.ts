import { api } from '@/lib/api-client';

/** POST /auth/forgot-password `{email}`: emails a `password_reset` OTP; same answer whether or not it exists. */
export function forgotPassword(body: { email: string }) {
  return api.post<{ email: string }>('/auth/forgot-password', body, { noAuth: true });
}

/** POST /auth/reset-password `{email, otp, password}`. */
export function resetPassword(body: { email: string; otp: string; password: string }) {
  return api.post<unknown>('/auth/reset-password', body, { noAuth: true });
}

/** The email being reset travels in router state and, for a reload, in sessionStorage. */
const RESET_EMAIL_KEY = 'resetEmail';

export function rememberResetEmail(email: string) {
  try {
    sessionStorage.setItem(RESET_EMAIL_KEY, email);
  } catch {
    // Private mode without storage: router state still carries it.
  }
}

export function recallResetEmail(): string | null {
  try {
    return sessionStorage.getItem(RESET_EMAIL_KEY);
  } catch {
    return null;
  }
}

export function forgetResetEmail() {
  try {
    sessionStorage.removeItem(RESET_EMAIL_KEY);
  } catch {
    // nothing to forget
  }
}
