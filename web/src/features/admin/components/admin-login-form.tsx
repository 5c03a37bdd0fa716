import { useMutation } from '@tanstack/react-query';
import { showErrorDialog } from '@/lib/error-dialog-store';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { useForm } from '@/components/ui/form/use-form';
import { ALL_FIELDS_REQUIRED, validation } from '@/lib/validation';
import type { AuthResult } from '@/types/api';
import { adminLogin, isMfaChallenge, NO_BACK_OFFICE_ACCESS, type MfaChallenge } from '@/features/admin/api/admin-auth';

type Props = {
  email: string;
  onEmailChange: (email: string) => void;
  /** Why the admin is back at this step (the two-step sign-in ran out of time). */
  notice?: string;
  /** The password was right: the code step comes next. */
  onChallenge: (challenge: MfaChallenge) => void;
  /** A login with no second step (a server without two-step sign-in). */
  onLoggedIn: (result: AuthResult) => void;
};

/** /boss, step one: email and password; only an account with the admin role gets further (and only then is it kept). */
export function AdminLoginForm({ email, onEmailChange, notice, onChallenge, onLoggedIn }: Props) {
  const form = useForm<{ password: string }, 'email' | 'password'>({ password: '' });

  const mutation = useMutation({
    mutationFn: adminLogin,
    onSuccess: (response) => {
      const answer = response.data;
      if (isMfaChallenge(answer)) onChallenge(answer);
      else if (answer.user.role !== 'admin') showErrorDialog(NO_BACK_OFFICE_ACCESS);
      else onLoggedIn(answer);
    },
  });

  const submit = form.submit(() => {
    const password = form.values.password;
    return form.check(
      validation(
        { email: email.trim() ? undefined : ALL_FIELDS_REQUIRED, password: password ? undefined : ALL_FIELDS_REQUIRED },
        () => ({ userIdentity: email.trim(), password }),
      ),
    );
  }, mutation.mutate);

  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        error={form.hint('email')}
        autoFocus={!email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        revealable
        {...form.field('password')}
        autoFocus={Boolean(email)}
      />
      <FormAlert>{form.message ?? notice}</FormAlert>
      <SubmitButton pending={mutation.isPending} pendingText="Logging in…">
        Log in
      </SubmitButton>
    </form>
  );
}
