/**
 * The second step of an admin login: the code from the authenticator app, or a recovery code (a button switches
 * the keyboard and the words; the server takes either). At enrolment the app is set up first, on the same screen
 * (and there are no recovery codes yet), and the one-time enrolment code the operator handed over is asked for too:
 * a password alone enrols nothing.
 * A wrong code shows beside its input; an expired step goes back to the password; too many tries show above the
 * button.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { useForm } from '@/components/ui/form/use-form';
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

/** What both code inputs share: typed exactly, never corrected. */
const EXACT_TEXT = { autoComplete: 'off', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

export function AdminCodeForm({ challenge, onVerified, onExpired, onStartAgain }: Props) {
  const enrolling = challenge.mfa === 'enroll';
  const form = useForm({ code: '', enrolment_code: '' });
  const [recovery, setRecovery] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLDivElement>(null);
  const focusCode = () => field.current?.querySelector('input')?.focus();

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
        const errors = aboutEnrolment
          ? { enrolment_code: aboutEnrolment }
          : { code: failure.fieldError('code') ?? failure.message };
        form.refuse(errors, undefined, true);
      } else if (failure.status === 429) form.setMessage(failure.message);
    },
  });

  const submit = form.submit(() => {
    if (verify.isPending) return undefined;
    const checked = checkSignInCode(form.values.code);
    const enrolment = enrolling ? checkEnrolmentCode(form.values.enrolment_code) : undefined;
    form.setMessage(undefined);
    if ((enrolment && !enrolment.ok) || !checked.ok) {
      form.refuse({
        enrolment_code: enrolment && !enrolment.ok ? enrolment.error : undefined,
        code: checked.ok ? undefined : checked.error,
      });
      return undefined;
    }
    return { code: checked.code, ...(enrolment?.ok ? { enrolment_code: enrolment.code } : {}) };
  }, (codes) => verify.mutate({ mfa_token: challenge.mfa_token, ...codes }));

  const switchKind = () => {
    setRecovery((value) => !value);
    form.set('code', '');
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
          <TextField
            label="Enrolment code"
            {...EXACT_TEXT}
            maxLength={64}
            {...form.field('enrolment_code')}
            error={form.errors.enrolment_code}
            hint="The one-time code the operator gave you with your account, like abcd-efgh-jkmn-pqrs-tuvw. It works once, within 72 hours."
          />
        ) : null}
        <div ref={field}>
          <TextField
            label={recovery ? 'Recovery code' : 'Authenticator code'}
            className={recovery ? undefined : 'field--otp'}
            inputMode={recovery ? 'text' : 'numeric'}
            {...EXACT_TEXT}
            autoComplete="one-time-code"
            maxLength={32}
            {...form.field('code')}
            error={form.errors.code}
            hint={
              recovery
                ? 'One of the recovery codes you saved, like abcd-efgh-jk. Each works once.'
                : 'Enter the 6-digit code from your authenticator app.'
            }
          />
        </div>
        <p className="visually-hidden" aria-live="polite">
          {form.errors.enrolment_code ?? form.errors.code}
        </p>
        {enrolling ? null : (
          <button type="button" className="button button--link boss-login__switch" onClick={switchKind}>
            {recovery ? 'Use the code from your authenticator app' : 'Use a recovery code'}
          </button>
        )}
        <FormAlert>{form.message}</FormAlert>
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
