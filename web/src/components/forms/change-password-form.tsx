import { useMutation } from '@tanstack/react-query';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { useForm } from '@/components/ui/form/use-form';
import { toast } from '@/lib/toast-store';
import { saveLogin } from '@/lib/session';
import { validateChangePassword, type ChangePasswordPayload, type ChangePasswordValues } from '@/lib/validation';
import type { AuthResult, Envelope } from '@/types/api';
import { NewPasswordFields } from './new-password-fields';

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
  const form = useForm<ChangePasswordValues>(EMPTY);

  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      if (response.data?.token) saveLogin(response.data);
      toast.success(response.message ?? 'Your password has been changed.');
      form.reset();
    },
    onError: (failure) => form.serverErrors(failure, { current_password: 'current', password: 'password' }),
  });

  return (
    <form
     
      className="form"
      noValidate
      onSubmit={form.submit(() => form.check(validateChangePassword(form.values)), mutation.mutate)}
    >
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        revealable
        {...form.field('current')}
        name="current_password"
      />
      <NewPasswordFields password={form.field('password')} confirm={form.field('confirm')} />
      <FormAlert>{form.message}</FormAlert>
      <SubmitButton pending={mutation.isPending} pendingText="Saving…">
        Change password
      </SubmitButton>
    </form>
  );
}
