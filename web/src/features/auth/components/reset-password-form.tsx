import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { useForm } from '@/components/ui/form/use-form';
import { NewPasswordFields } from '@/components/forms/new-password-fields';
import { toast } from '@/lib/toast-store';
import { paths } from '@/config/paths';
import { openLogin } from '@/lib/auth-dialogs';
import { forgetResetEmail, resetPassword } from '@/features/auth/api/password-reset';
import { OtpField } from '@/features/auth/components/otp-field';
import { ResendCodeButton } from '@/features/auth/components/resend-code-button';
import { validateResetPassword, type ResetPasswordValues } from '@/features/auth/validation';

/** /otp-change-password: the emailed code and a new password typed twice; then the login dialog opens. */
export function ResetPasswordForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const form = useForm<ResetPasswordValues>({ otp: '', password: '', confirm: '' });

  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: (response) => {
      toast.success(response.message ?? 'Your password has been changed. Please login.');
      forgetResetEmail();
      void navigate(paths.home.getHref(), { replace: true });
      openLogin(email);
    },
    onError: (failure) => form.serverErrors(failure, { otp: 'otp', password: 'password' }),
  });

  const submit = form.submit(
    () => form.check(validateResetPassword(form.values)),
    (payload) => mutation.mutate({ email, ...payload }),
  );

  return (
    <form className="form" noValidate onSubmit={submit}>
      <p className="form__notice">
        Enter the code we sent to <strong>{email}</strong> and choose a new password.
      </p>
      <OtpField value={form.values.otp} onChange={(value) => form.set('otp', value)} error={form.hint('otp')} />
      <NewPasswordFields password={form.field('password')} confirm={form.field('confirm')} />
      <FormAlert>{form.message}</FormAlert>
      <SubmitButton pending={mutation.isPending} pendingText="Saving…">
        Change password
      </SubmitButton>
      <p className="form__aside form__aside--center">
        Didn&apos;t get it? <ResendCodeButton email={email} purpose="password_reset" />
      </p>
    </form>
  );
}
