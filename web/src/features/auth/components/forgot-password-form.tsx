import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { toast } from '@/components/ui/toasts/toast-store';
import { paths } from '@/config/paths';
import { serverFieldErrors } from '@/lib/server-errors';
import { fieldHint } from '@/lib/validation';
import { forgotPassword, rememberResetEmail } from '@/features/auth/api/password-reset';
import { validateEmail } from '@/features/auth/validation';

/** /forgot-password: the account's email; a `password_reset` code is emailed and the next page asks for it. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();

  const mutation = useMutation({
    mutationFn: forgotPassword,
    onSuccess: (response, body) => {
      toast.success(response.message ?? 'If the email has an account, a code is on its way.');
      rememberResetEmail(body.email);
      void navigate(paths.otpChangePassword.getHref(), { state: { email: body.email } });
    },
    onError: (failure) => setError(serverFieldErrors(failure, { email: 'email' }).email),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateEmail(email);
    if (!checked.ok) {
      setError(checked.fieldErrors.email);
      setMessage(checked.message);
      return;
    }
    setMessage(undefined);
    mutation.mutate(checked.payload);
  };

  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
        error={fieldHint(error)}
        hint="We'll email you a 6-digit code to set a new password."
      />
      <FormAlert>{message}</FormAlert>
      <SubmitButton pending={mutation.isPending} pendingText="Sending code…">
        Send code
      </SubmitButton>
    </form>
  );
}
