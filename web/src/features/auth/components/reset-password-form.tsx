import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { toast } from '@/components/ui/toasts/toast-store';
import { paths } from '@/config/paths';
import { openLogin } from '@/lib/auth-dialogs';
import { serverFieldErrors } from '@/lib/server-errors';
import { fieldHint, type FieldErrors } from '@/lib/validation';
import { forgetResetEmail, resetPassword } from '@/features/auth/api/password-reset';
import { OtpField } from '@/features/auth/components/otp-field';
import { ResendCodeButton } from '@/features/auth/components/resend-code-button';
import { validateResetPassword, type ResetPasswordValues } from '@/features/auth/validation';

/** /otp-change-password: the emailed code and a new password typed twice; then the login dialog opens. */
export function ResetPasswordForm({ email }: { email: string }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ResetPasswordValues>({ otp: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof ResetPasswordValues>>({});
  const [message, setMessage] = useState<string>();

  const mutation = useMutation({
    mutationFn: resetPassword,
    onSuccess: (response) => {
      toast.success(response.message ?? 'Your password has been changed. Please login.');
      forgetResetEmail();
      void navigate(paths.home.getHref(), { replace: true });
      openLogin(email);
    },
    onError: (failure) => setErrors(serverFieldErrors(failure, { otp: 'otp', password: 'password' })),
  });

  const set = (field: keyof ResetPasswordValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateResetPassword(values);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      setMessage(checked.message);
      return;
    }
    setMessage(undefined);
    mutation.mutate({ email, ...checked.payload });
  };

  return (
    <form className="form" noValidate onSubmit={submit}>
      <p className="form__notice">
        Enter the code we sent to <strong>{email}</strong> and choose a new password.
      </p>
      <OtpField value={values.otp} onChange={(value) => set('otp', value)} error={fieldHint(errors.otp)} />
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        revealable
        value={values.password}
        onChange={(event) => set('password', event.target.value)}
        error={fieldHint(errors.password)}
        hint="At least 6 characters."
      />
      <TextField
        label="Confirm new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        onChange={(event) => set('confirm', event.target.value)}
        error={fieldHint(errors.confirm)}
      />
      <FormAlert>{message}</FormAlert>
      <SubmitButton pending={mutation.isPending} pendingText="Saving…">
        Change password
      </SubmitButton>
      <p className="form__aside form__aside--center">
        Didn&apos;t get it? <ResendCodeButton email={email} purpose="password_reset" />
      </p>
    </form>
  );
}
