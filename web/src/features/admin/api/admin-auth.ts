import { api } from '@/lib/api-client';
import type { ChangePasswordPayload } from '@/lib/validation';
import type { AuthResult } from '@/types/api';

/** What a player who logs in at /boss is told; their session is not kept. */
export const NO_BACK_OFFICE_ACCESS = 'This account has no access to the back office';

/** The admin logs in with the same POST /auth/login as players; the role decides. */
export function adminLogin(body: { userIdentity: string; password: string }) {
  return api.post<AuthResult>('/auth/login', body, { noAuth: true });
}

/** POST /admin/change-password `{current_password, password}` → a new token. */
export function adminChangePassword(payload: ChangePasswordPayload) {
  return api.post<AuthResult>('/admin/change-password', payload);
}
