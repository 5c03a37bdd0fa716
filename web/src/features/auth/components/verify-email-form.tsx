import { useMutation } from '@tanstack/react-query';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { useForm } from '@/components/ui/form/use-form';
import { toast } from '@/lib/toast-store';
import { openLogin } from '@/lib/auth-dialogs';
import { verifyOtp } from '@/features/auth/api/otps';
import { OtpField } from '@/features/auth/components/otp-field';
import { ResendCodeButton } from '@/features/auth/components/resend-code-button';
import { validateOtp } from '@/features/auth/validation';

/** Sign-up step 2 (docs/product.md §12): the emailed code; on success the server's message and the login dialog. */
export function VerifyEmailForm({ email, notice }: { email: string; notice?: string }) {
  const form = useForm({ otp: '' });

  const mutation = useMutation({
    mutationFn: verifyOtp,
    onSuccess: (response) => {
      toast.success(response.message ?? 'Your email is verified. Please login.');
      openLogin(email);
    },
    onError: (failure) => form.serverErrors(failure, { otp: 'otp' }),
  });

  const submit = form.submit(
    () => form.check(validateOtp(form.values.otp)),
    ({ otp }) => mutation.mutate({ otp, type: 'verification', email }),
  );

  return (
    <form className="form" noValidate onSubmit={submit}>
      <p className="form__notice" role="status">
        {notice ?? `Enter the 6-digit code we sent to ${email}.`}
      </p>
      <OtpField
        value={form.values.otp}
        onChange={(value) => form.set('otp', value)}
        error={form.errors.otp}
        autoFocusFirst
      />
      <FormAlert>{form.message}</FormAlert>
      <SubmitButton pending={mutation.isPending} pendingText="Verifying…">
        Verify
      </SubmitButton>
      <p className="form__aside form__aside--center">
        Didn&apos;t get it? <ResendCodeButton email={email} purpose="verification" />
      </p>
    </form>
  );
}
