import { api } from '@/lib/api-client';

export type OtpPurpose = 'verification' | 'password_reset';

/** POST /otps/verify `{otp, type, email}`; answers `{data:{email}, message}`. */
export function verifyOtp(body: { otp: string; type: OtpPurpose; email: string }) {
  return api.post<{ email: string }>('/otps/verify', body, { noAuth: true });
}

/** POST /otps/resend `{email, purpose}`; at most once a minute (429 before that). */
export function resendOtp(body: { email: string; purpose: OtpPurpose }) {
  return api.post<{ email: string }>('/otps/resend', body, { noAuth: true });
}
