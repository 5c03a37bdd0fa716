import { api, type ApiError } from '@/lib/api-client';
import type { AuthResult } from '@/types/api';
import type { LoginValues } from '@/features/auth/validation';

/** 403 UNVERIFIED: the server emailed a fresh code; the dialog moves to the OTP step for `data.email`. */
export function isUnverified(error: ApiError): boolean {
  return error.status === 403 && error.errorCode === 'UNVERIFIED';
}

export function unverifiedEmail(error: ApiError): string | undefined {
  const data = error.data as { email?: unknown } | undefined;
  return typeof data?.email === 'string' ? data.email : undefined;
}

/** POST /auth/login `{userIdentity, password}` → `{token, expires_in, user}` (docs/product.md §15). */
export function login(values: LoginValues) {
  return api.post<AuthResult>('/auth/login', values, { noAuth: true, handled: isUnverified });
}
