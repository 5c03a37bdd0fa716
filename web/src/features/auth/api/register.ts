import { api } from '@/lib/api-client';
import type { SignUpPayload } from '@/features/auth/validation';

/** The success message of sign-up step 1 (docs/product.md §12). */
export const ACCOUNT_CREATED = 'Account created successfully! Please login.';

/** POST /users/create `{name, email, dob, phoneNumber, password}`; the server emails a verification OTP. */
export function register(payload: SignUpPayload) {
  return api.post<{ name: string; email: string }>('/users/create', payload, { noAuth: true });
}
