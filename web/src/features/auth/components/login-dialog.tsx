import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Dialog } from '@/components/ui/dialog/dialog';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { useForm } from '@/components/ui/form/use-form';
import { TextField } from '@/components/ui/form/text-field';
import { toast } from '@/lib/toast-store';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { completeLogin } from '@/lib/auth';
import { lastLoginText } from '@/lib/last-login';
import { closeAuthDialog, openSignup, openVerification, takeAfterLogin } from '@/lib/auth-dialogs';
import { isUnverified, login, unverifiedEmail } from '@/features/auth/api/login';
import { validateLogin, type LoginValues } from '@/features/auth/validation';

/**
 * docs/product.md §14 login dialog: email or phone and password; links to Forgotten Password and to sign-up. Opened
 * for a deep link (`/?next=…`), it goes on to that page once logged in.
 */
export function LoginDialog({ identity = '' }: { identity?: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<LoginValues>({ userIdentity: identity, password: '' });

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: async (response) => {
      await completeLogin(response.data, queryClient);
      const firstName = response.data.user.name.trim().split(/\s+/)[0];
      const lastLogin = lastLoginText(response.data.user.previous_login_at);
      const welcome = firstName ? `Welcome, ${firstName}!` : 'Welcome back!';
      toast.success(lastLogin ? `${welcome} ${lastLogin}` : welcome);
      // A deep link that needed the login goes on to its page; the home address that carried it is not kept.
      const next = takeAfterLogin();
      closeAuthDialog();
      if (next) void navigate(next, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && isUnverified(error)) {
        openVerification(unverifiedEmail(error) ?? form.values.userIdentity, error.message);
        return;
      }
      form.serverErrors(error, { userIdentity: 'userIdentity', password: 'password' });
    },
  });

  return (
    <Dialog title="Log in" onClose={closeAuthDialog} className="auth-dialog">
      <form
       
        className="form"
        noValidate
        onSubmit={form.submit(() => form.check(validateLogin(form.values)), mutation.mutate)}
      >
        <TextField label="Email or phone number" autoComplete="username" {...form.field('userIdentity')} autoFocusFirst />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          revealable
          {...form.field('password')}
        />
        <p className="form__aside">
          <Link to={paths.forgotPassword.getHref()} onClick={closeAuthDialog}>
            Forgotten Password?
          </Link>
        </p>
        <FormAlert>{form.message}</FormAlert>
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
