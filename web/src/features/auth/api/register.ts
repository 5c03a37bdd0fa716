import { api } from '@/lib/api-client';
import type { SignUpPayload } from '@/features/auth/validation';

/**
 * The success message of sign-up step 1 (docs/product.md §12), said on the code step itself. It once added "Please
 * login." in a toast over that step, which asks for the code first: the player was told two different next steps.
 */
export const ACCOUNT_CREATED = 'Account created successfully!';

/** What the code step says right after sign-up: the account exists; the one next step is the emailed code. */
export function accountCreatedNotice(email: string): string {
  return `${ACCOUNT_CREATED} We sent a 6-digit code to ${email}. Enter it to verify your account.`;
}

/** POST /users/create `{name, email, dob, phoneNumber, password}`; the server emails a verification OTP. */
export function register(payload: SignUpPayload) {
  return api.post<{ name: string; email: string }>('/users/create', payload, { noAuth: true });
}
