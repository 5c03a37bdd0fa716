/**
 * Admin login in two steps (docs: admin two-factor login). POST /auth/login with the right password answers an
 * admin not with a token but with an `mfa_token` (valid 5 minutes) and what comes next: `required` (an enrolled
 * admin types the authenticator's code) or `enroll` (first time: scan `otpauth_uri`, then type the code and the
 * one-time enrolment code the operator was shown by `ayo create-admin`). POST /auth/mfa/verify `{mfa_token, code,
 * enrolment_code?}` then answers like a login, plus the recovery codes at enrolment. A player's login still answers a
 * token straight away.
 */
import { api, type ApiError } from '@/lib/api-client';
import type { ChangePasswordPayload } from '@/lib/validation';
import type { AuthResult } from '@/types/api';

/** What a player who logs in at /boss is told; their session is not kept. */
export const NO_BACK_OFFICE_ACCESS = 'This account has no access to the back office';

/** The password was right; a second factor is needed before a token. */
export type MfaChallenge = {
  mfa_token: string;
  mfa: 'required' | 'enroll';
  /** Only with `enroll`: what the authenticator app scans. */
  otpauth_uri?: string;
};

export type AdminLoginAnswer = AuthResult | MfaChallenge;

/** A verified code: a login, and at enrolment the one-time recovery codes, shown once. */
export type MfaVerified = AuthResult & { recovery_codes?: string[] };

export function isMfaChallenge(answer: AdminLoginAnswer): answer is MfaChallenge {
  return typeof (answer as Partial<MfaChallenge>).mfa_token === 'string';
}

/** The admin logs in with the same POST /auth/login as players; the role decides. */
export function adminLogin(body: { userIdentity: string; password: string }) {
  return api.post<AdminLoginAnswer>('/auth/login', body, { noAuth: true });
}

/** The two-step token ran out (or was refused): back to the password. */
export function isMfaExpired(error: ApiError): boolean {
  return error.status === 401;
}

/**
 * POST /auth/mfa/verify. Shown in the form, not in a dialog: a wrong code (422, field `code`), at enrolment a
 * missing, wrong, spent or expired enrolment code (422, field `enrolment_code`), an expired `mfa_token` (401) and
 * too many attempts (429).
 */
export function verifyAdminCode(body: { mfa_token: string; code: string; enrolment_code?: string }) {
  return api.post<MfaVerified>('/auth/mfa/verify', body, {
    noAuth: true,
    handled: (error) => error.status === 422 || error.status === 429 || isMfaExpired(error),
  });
}

/** POST /admin/change-password `{current_password, password}` → a new token. */
export function adminChangePassword(payload: ChangePasswordPayload) {
  return api.post<AuthResult>('/admin/change-password', payload);
}
