import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast-store';
import { resendOtp, type OtpPurpose } from '@/features/auth/api/otps';
import { RESEND_WAIT_SECONDS, useCountdown } from '@/features/auth/hooks/use-countdown';

/**
 * "Resend code": POST /otps/resend, then disabled for 60 s with the seconds counting down on the button. The
 * countdown starts at once because whoever shows this button has just had a code sent.
 */
export function ResendCodeButton({ email, purpose }: { email: string; purpose: OtpPurpose }) {
  const { left, restart } = useCountdown(RESEND_WAIT_SECONDS);
  const resend = useMutation({
    mutationFn: () => resendOtp({ email, purpose }),
    onSuccess: (response) => {
      toast.success(response.message ?? 'A new code is on its way to your email.');
      restart();
    },
  });
  const waiting = left > 0;
  return (
    <button
      type="button"
      className="button button--link"
      disabled={waiting || resend.isPending}
      onClick={() => resend.mutate()}
    >
      {resend.isPending ? 'Sending…' : waiting ? `Resend code in ${left}s` : 'Resend code'}
    </button>
  );
}
