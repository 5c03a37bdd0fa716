import { Dialog } from '@/components/ui/dialog/dialog';
import { closeAuthDialog } from '@/lib/auth-dialogs';
import { SignupForm } from '@/features/auth/components/signup-form';
import { VerifyEmailForm } from '@/features/auth/components/verify-email-form';

export type SignupDialogProps = { step: 'form' } | { step: 'otp'; email: string; notice?: string };

/** docs/product.md §12 sign-up: step 1 the form, step 2 the emailed code, in the same dialog. */
export function SignupDialog(props: SignupDialogProps) {
  return (
    <Dialog
      title={props.step === 'form' ? 'Create your account' : 'Verify your email'}
      onClose={closeAuthDialog}
      className="auth-dialog"
    >
      {props.step === 'form' ? (
        <SignupForm />
      ) : (
        <VerifyEmailForm key={props.email} email={props.email} notice={props.notice} />
      )}
    </Dialog>
  );
}
