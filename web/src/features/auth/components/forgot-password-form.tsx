import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { useForm } from '@/components/ui/form/use-form';
import { TextField } from '@/components/ui/form/text-field';
import { toast } from '@/lib/toast-store';
import { paths } from '@/config/paths';
import { forgotPassword, rememberResetEmail } from '@/features/auth/api/password-reset';
import { validateEmail } from '@/features/auth/validation';

/** /forgot-password: the account's email; a `password_reset` code is emailed and the next page asks for it. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const form = useForm({ email: '' });

  const mutation = useMutation({
    mutationFn: forgotPassword,
    onSuccess: (response, body) => {
      toast.success(response.message ?? 'If the email has an account, a code is on its way.');
      rememberResetEmail(body.email);
      void navigate(paths.otpChangePassword.getHref(), { state: { email: body.email } });
    },
    onError: (failure) => form.serverErrors(failure, { email: 'email' }),
  });

  return (
    <form
     
      className="form"
      noValidate
      onSubmit={form.submit(() => form.check(validateEmail(form.values.email)), mutation.mutate)}
    >
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        {...form.field('email')}
        hint="We'll email you a 6-digit code to set a new password."
      />
      <FormAlert>{form.message}</FormAlert>
      <SubmitButton pending={mutation.isPending} pendingText="Sending code…">
        Send code
      </SubmitButton>
    </form>
  );
}
