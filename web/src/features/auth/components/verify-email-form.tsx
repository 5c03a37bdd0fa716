import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { toast } from '@/components/ui/toasts/toast-store';
import { openLogin } from '@/lib/auth-dialogs';
import { serverFieldErrors } from '@/lib/server-errors';
import { verifyOtp } from '@/features/auth/api/otps';
import { OtpField } from '@/features/auth/components/otp-field';
import { ResendCodeButton } from '@/features/auth/components/resend-code-button';
import { validateOtp } from '@/features/auth/validation';

/** Sign-up step 2 (docs/product.md §12): the emailed code; on success the server's message and the login dialog. */
export function VerifyEmailForm({ email, notice }: { email: string; notice?: string }) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();

  const mutation = useMutation({
    mutationFn: verifyOtp,
    onSuccess: (response) => {
      toast.success(response.message ?? 'Your email is verified. Please login.');
      openLogin(email);
    },
    onError: (failure) => setError(serverFieldErrors(failure, { otp: 'otp' }).otp),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateOtp(otp);
    if (!checked.ok) {
      setError(checked.fieldErrors.otp);
      setMessage(checked.message);
      return;
    }
    setMessage(undefined);
    mutation.mutate({ otp: checked.payload.otp, type: 'verification', email });
  };

  return (
    <form className="form" noValidate onSubmit={submit}>
      <p className="form__notice" role="status">
        {notice ?? `Enter the 6-digit code we sent to ${email}.`}
      </p>
      <OtpField
        value={otp}
        onChange={(value) => {
          setOtp(value);
          setError(undefined);
        }}
        error={error}
        autoFocusFirst
      />
      <FormAlert>{message}</FormAlert>
      <SubmitButton pending={mutation.isPending} pendingText="Verifying…">
        Verify
      </SubmitButton>
      <p className="form__aside form__aside--center">
        Didn&apos;t get it? <ResendCodeButton email={email} purpose="verification" />
      </p>
    </form>
  );
}
