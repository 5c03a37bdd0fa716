/**
 * The second step of an admin login: the code from the authenticator app, or a recovery code (a button switches
 * the keyboard and the words; the server takes either). At enrolment the app is set up first, on the same screen
 * (and there are no recovery codes yet), and the one-time enrolment code the operator handed over is asked for too:
 * a password alone enrols nothing.
 * A wrong code shows beside its input; an expired step goes back to the password; too many tries show above the
 * button.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { ApiError } from '@/lib/api-client';
import { isMfaExpired, verifyAdminCode, type MfaChallenge, type MfaVerified } from '../api/admin-auth';
import { checkEnrolmentCode, checkSignInCode } from '../lib/sign-in-code';
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
  const [enrolmentCode, setEnrolmentCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string>();
  const [enrolmentError, setEnrolmentError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLDivElement>(null);
  const enrolmentField = useRef<HTMLDivElement>(null);
  const focusIn = (where: HTMLDivElement | null, select = false) => {
    const input = where?.querySelector('input');
    input?.focus();
    if (select) input?.select();
  };
  const focusCode = (select = false) => focusIn(field.current, select);

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
        const aboutEnrolment = failure.fieldError('enrolment_code');
        if (aboutEnrolment) {
          setEnrolmentError(aboutEnrolment);
          focusIn(enrolmentField.current, true);
        } else {
          setError(failure.fieldError('code') ?? failure.message);
          focusCode(true);
        }
      } else if (failure.status === 429) setAlert(failure.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    const checked = checkSignInCode(code);
    const enrolment = enrolling ? checkEnrolmentCode(enrolmentCode) : undefined;
    setAlert(undefined);
    setEnrolmentError(enrolment && !enrolment.ok ? enrolment.error : undefined);
    setError(checked.ok ? undefined : checked.error);
    if (enrolment && !enrolment.ok) {
      focusIn(enrolmentField.current);
      return;
    }
    if (!checked.ok) {
      focusCode();
      return;
    }
    verify.mutate({
      mfa_token: challenge.mfa_token,
      code: checked.code,
      ...(enrolment?.ok ? { enrolment_code: enrolment.code } : {}),
    });
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
            The back office needs a code from your phone as well as your password. Set it up once; it takes a minute,
            and the enrolment code the operator gave you with your account.
          </p>
          {challenge.otpauth_uri ? <AuthenticatorSetup uri={challenge.otpauth_uri} /> : null}
        </>
      ) : null}
      <form className="form" noValidate onSubmit={submit}>
        {enrolling ? (
          <div ref={enrolmentField}>
            <TextField
              label="Enrolment code"
              name="enrolment_code"
              autoComplete="off"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              maxLength={64}
              value={enrolmentCode}
              onChange={(event) => {
                setEnrolmentCode(event.target.value);
                if (enrolmentError) setEnrolmentError(undefined);
              }}
              error={enrolmentError}
              hint="The one-time code the operator gave you with your account, like abcd-efgh-jkmn-pqrs-tuvw. It works once, within 72 hours."
            />
          </div>
        ) : null}
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
          {enrolmentError ?? error}
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
