import { api } from '@/lib/api-client';
import type { SignUpPayload } from '@/features/auth/validation';

/** SPEC §5 success message of step 1. */
export const ACCOUNT_CREATED = 'Account created successfully! Please login.';

/** POST /users/create `{name, email, dob, phoneNumber, password}`; the server emails a verification OTP. */
export function register(payload: SignUpPayload) {
  return api.post<{ name: string; email: string }>('/users/create', payload, { noAuth: true });
}
