/**
 * The second step of an admin login: the code from the authenticator app, or a recovery code (a button switches
 * the keyboard and the words; the server takes either). At enrolment the app is set up first, on the same screen
 * (and there are no recovery codes yet).
 * A wrong code shows beside the input; an expired step goes back to the password; too many tries show above the
 * button.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { ApiError } from '@/lib/api-client';
import { isMfaExpired, verifyAdminCode, type MfaChallenge, type MfaVerified } from '../api/admin-auth';
import { checkSignInCode } from '../lib/sign-in-code';
import { AuthenticatorSetup } from './authenticator-setup';

type Props = {
  challenge: MfaChallenge;
  onVerified: (result: MfaVerified) => void;
  onExpired: () => void;
  onStartAgain: () => void;
};

export function AdminCodeForm({ challenge, onVerified, onExpired, onStartAgain }: Props) {
  const enrolling = challenge.mfa === 'enroll';
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLDivElement>(null);
  const focusCode = (select = false) => {
    const input = field.current?.querySelector('input');
    input?.focus();
    if (select) input?.select();
  };

  // Enrolment starts with reading (the steps, the QR code); a known admin starts typing.
  useEffect(() => {
    if (enrolling) heading.current?.focus();
    else field.current?.querySelector('input')?.focus();
  }, [enrolling]);

  const verify = useMutation({
    mutationFn: verifyAdminCode,
    onSuccess: (answer) => onVerified(answer.data),
    onError: (failure) => {
      if (!(failure instanceof ApiError)) return;
      if (isMfaExpired(failure)) onExpired();
      else if (failure.status === 422) {
        setError(failure.fieldError('code') ?? failure.message);
        focusCode(true);
      } else if (failure.status === 429) setAlert(failure.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    const checked = checkSignInCode(code);
    setAlert(undefined);
    if (!checked.ok) {
      setError(checked.error);
      focusCode();
      return;
    }
    setError(undefined);
    verify.mutate({ mfa_token: challenge.mfa_token, code: checked.code });
  };

  const switchKind = () => {
    setRecovery((value) => !value);
    setCode('');
    setError(undefined);
    focusCode();
  };

  return (
    <section aria-labelledby="code-step-heading">
      <h2 id="code-step-heading" className="boss-login__step" tabIndex={-1} ref={heading}>
        {enrolling ? 'Set up two-step sign-in' : 'Two-step sign-in'}
      </h2>
      {enrolling ? (
        <>
          <p className="boss-login__note">
            The back office needs a code from your phone as well as your password. Set it up once; it takes a minute.
          </p>
          {challenge.otpauth_uri ? <AuthenticatorSetup uri={challenge.otpauth_uri} /> : null}
        </>
      ) : null}
      <form className="form" noValidate onSubmit={submit}>
        <div ref={field}>
          <TextField
            label={recovery ? 'Recovery code' : 'Authenticator code'}
            name="code"
            className={recovery ? undefined : 'field--otp'}
            inputMode={recovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={32}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              if (error) setError(undefined);
            }}
            error={error}
            hint={
              recovery
                ? 'One of the recovery codes you saved, like abcd-efgh-jk. Each works once.'
                : 'Enter the 6-digit code from your authenticator app.'
            }
          />
        </div>
        <p className="visually-hidden" aria-live="polite">
          {error}
        </p>
        {enrolling ? null : (
          <button type="button" className="button button--link boss-login__switch" onClick={switchKind}>
            {recovery ? 'Use the code from your authenticator app' : 'Use a recovery code'}
          </button>
        )}
        <FormAlert>{alert}</FormAlert>
        <SubmitButton pending={verify.isPending || verify.isSuccess} pendingText="Checking…">
          Verify
        </SubmitButton>
        <button type="button" className="button button--ghost button--block" onClick={onStartAgain}>
          Start again
        </button>
      </form>
    </section>
  );
}
