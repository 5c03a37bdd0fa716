import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { toast } from '@/components/ui/toasts/toast-store';
import { serverFieldErrors } from '@/lib/server-errors';
import { saveLogin } from '@/lib/session';
import {
  fieldHint,
  validateChangePassword,
  type ChangePasswordPayload,
  type ChangePasswordValues,
  type FieldErrors,
} from '@/lib/validation';
import type { AuthResult, Envelope } from '@/types/api';

const EMPTY: ChangePasswordValues = { current: '', password: '', confirm: '' };

/**
 * Change password for a logged-in player (POST /auth/change-password) or admin (POST /admin/change-password).
 * The server answers with a new token and stops accepting older ones, so the new one is stored at once.
 */
export function ChangePasswordForm({
  submit: send,
}: {
  submit: (payload: ChangePasswordPayload) => Promise<Envelope<AuthResult>>;
}) {
  const [values, setValues] = useState<ChangePasswordValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<keyof ChangePasswordValues>>({});
  const [message, setMessage] = useState<string>();

  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      if (response.data?.token) saveLogin(response.data);
      toast.success(response.message ?? 'Your password has been changed.');
      setValues(EMPTY);
    },
    onError: (failure) =>
      setErrors(serverFieldErrors(failure, { current_password: 'current', password: 'password' })),
  });

  const set = (field: keyof ChangePasswordValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateChangePassword(values);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      setMessage(checked.message);
      return;
    }
    setMessage(undefined);
    mutation.mutate(checked.payload);
  };

  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <TextField
        label="Current password"
        name="current_password"
        type="password"
        autoComplete="current-password"
        revealable
        value={values.current}
        onChange={(event) => set('current', event.target.value)}
        error={fieldHint(errors.current)}
      />
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
    </form>
  );
}
