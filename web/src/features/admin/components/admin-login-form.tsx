import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { showErrorDialog } from '@/components/ui/error-dialog/error-dialog-store';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { paths } from '@/config/paths';
import { completeLogin } from '@/lib/auth';
import { ALL_FIELDS_REQUIRED, fieldHint } from '@/lib/validation';
import { adminLogin, NO_BACK_OFFICE_ACCESS } from '@/features/admin/api/admin-auth';

/** /boss: email and password; only an account with the admin role gets in (and only then is it kept). */
export function AdminLoginForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [message, setMessage] = useState<string>();

  const mutation = useMutation({
    mutationFn: adminLogin,
    onSuccess: async (response) => {
      if (response.data.user.role !== 'admin') {
        showErrorDialog(NO_BACK_OFFICE_ACCESS);
        return;
      }
      await completeLogin(response.data, queryClient);
      await navigate(paths.boss.dashboard.getHref(), { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      email: email.trim() ? undefined : ALL_FIELDS_REQUIRED,
      password: password ? undefined : ALL_FIELDS_REQUIRED,
    };
    setErrors(next);
    if (next.email || next.password) {
      setMessage(ALL_FIELDS_REQUIRED);
      return;
    }
    setMessage(undefined);
    mutation.mutate({ userIdentity: email.trim(), password });
  };

  return (
    <form className="form" noValidate onSubmit={submit}>
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={fieldHint(errors.email)}
        autoFocus
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        revealable
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldHint(errors.password)}
      />
      <FormAlert>{message}</FormAlert>
      <SubmitButton pending={mutation.isPending} pendingText="Logging in…">
        Log in
      </SubmitButton>
    </form>
  );
}
