import { api } from '@/lib/api-client';
import type { ChangePasswordPayload } from '@/lib/validation';
import type { AuthResult } from '@/types/api';

/** POST /auth/change-password `{current_password, password}` → a new token (older ones stop working). */
export function changePassword(payload: ChangePasswordPayload) {
  return api.post<AuthResult>('/auth/change-password', payload);
}
