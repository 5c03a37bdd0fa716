import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Dialog } from '@/components/ui/dialog/dialog';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { toast } from '@/components/ui/toasts/toast-store';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { completeLogin } from '@/lib/auth';
import { lastLoginText } from '@/lib/last-login';
import { closeAuthDialog, openSignup, openVerification } from '@/lib/auth-dialogs';
import { serverFieldErrors } from '@/lib/server-errors';
import { fieldHint, type FieldErrors } from '@/lib/validation';
import { isUnverified, login, unverifiedEmail } from '@/features/auth/api/login';
import { validateLogin, type LoginValues } from '@/features/auth/validation';

/** docs/product.md §14 login dialog: email or phone and password; links to Forgotten Password and to sign-up. */
export function LoginDialog({ identity = '' }: { identity?: string }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginValues>({ userIdentity: identity, password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  const [message, setMessage] = useState<string>();

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      await completeLogin(response.data, queryClient);
      const firstName = response.data.user.name.trim().split(/\s+/)[0];
      const lastLogin = lastLoginText(response.data.user.previous_login_at);
      const welcome = firstName ? `Welcome, ${firstName}!` : 'Welcome back!';
      toast.success(lastLogin ? `${welcome} ${lastLogin}` : welcome);
      closeAuthDialog();
    },
    onError: (error) => {
      if (error instanceof ApiError && isUnverified(error)) {
        openVerification(unverifiedEmail(error) ?? values.userIdentity, error.message);
        return;
      }
      setErrors(serverFieldErrors(error, { userIdentity: 'userIdentity', password: 'password' }));
    },
  });

  const update = (field: keyof LoginValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateLogin(values);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      setMessage(checked.message);
      return;
    }
    setMessage(undefined);
    mutation.mutate(checked.payload);
  };

  return (
    <Dialog title="Log in" onClose={closeAuthDialog} className="auth-dialog">
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label="Email or phone number"
          name="userIdentity"
          autoComplete="username"
          value={values.userIdentity}
          onChange={update('userIdentity')}
          error={fieldHint(errors.userIdentity)}
          autoFocusFirst
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          revealable
          value={values.password}
          onChange={update('password')}
          error={fieldHint(errors.password)}
        />
        <p className="form__aside">
          <Link to={paths.forgotPassword.getHref()} onClick={closeAuthDialog}>
            Forgotten Password?
          </Link>
        </p>
        <FormAlert>{message}</FormAlert>
        <SubmitButton pending={mutation.isPending} pendingText="Logging in…">
          Log in
        </SubmitButton>
      </form>
      <p className="dialog__switch">
        New to Ayo Lotto?{' '}
        <button type="button" className="button button--link" onClick={openSignup}>
          Create an account
        </button>
      </p>
    </Dialog>
  );
}
