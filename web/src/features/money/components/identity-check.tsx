/**
 * /user/withdrawal before the first withdrawal: the player's identity check (docs/api-identity.md). Without a
 * verified NIN the withdrawal form is not shown; this is, with the NIN form (masked as typed, numeric keypad, a
 * virtual NIN as an alternative), the check in progress, and its outcome: verified (the NIN masked), under review,
 * or rejected with the admin's reason and the form again. The sandbox provider says so.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { ApiError } from '@/lib/api-client';
import { useSubmitIdentity, type Identity } from '../api/identity';
import { checkNin, checkVnin, ninDigits } from '../lib/nin';
import { MoneyBadge } from './money-badge';

function SandboxNote({ identity }: { identity: Identity }) {
  if (!identity.sandbox) return null;
  return (
    <p className="money-note" data-testid="identity-sandbox">
      <strong>Sandbox:</strong> no real register is asked. A NIN ending in 1111 carries someone else’s name (review),
      0000 is not found.
    </p>
  );
}

/** Verified: one line above the withdrawal form. */
export function IdentityVerified({ identity }: { identity: Identity }) {
  return (
    <p className="identity-verified" data-testid="identity-verified">
      <MoneyBadge word={{ label: 'NIN verified', tone: 'good' }} />{' '}
      <span className="money-note">
        {identity.kind === 'vnin' ? 'Virtual NIN' : 'NIN'} <span className="nowrap">{identity.masked_nin}</span>
        {identity.sandbox ? ' (sandbox)' : ''}
      </span>
    </p>
  );
}

/** The player's own names the NIN's must match: the one they signed up with, and their bank account's if saved. */
export type NamesToMatch = { registered: string; account: string | null };

/** "The name on your NIN must match …", naming each of the player's names, so a mismatch is no surprise. */
export function mustMatchText({ registered, account }: NamesToMatch): string {
  const ours = registered ? `your name here (${registered})` : 'your name here';
  return account
    ? `The name on your NIN must match ${ours} and the name on your bank account (${account}).`
    : `The name on your NIN must match ${ours}, and later the name on the bank account you add.`;
}

function NinForm({ identity, names }: { identity: Identity; names: NamesToMatch }) {
  const [virtual, setVirtual] = useState(false);
  const [value, setValue] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const submit = useSubmitIdentity();

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const problem = virtual ? checkVnin(value) : checkNin(value);
    if (problem) {
      setError(problem);
      return;
    }
    setError(undefined);
    setAlert(undefined);
    const input = virtual ? { vnin: value.replace(/[\s-]/g, '').toUpperCase() } : { nin: value };
    submit.mutate(input, {
      onSuccess: () => setValue(''),
      onError: (failure) => {
        if (!(failure instanceof ApiError)) return;
        const field = failure.fieldError(virtual ? 'vnin' : 'nin');
        if (field) setError(field);
        else setAlert(failure.message);
      },
    });
  };

  return (
    <form className="form money-form" noValidate onSubmit={send} aria-labelledby="identity-heading">
      <TextField
        label={virtual ? 'Virtual NIN' : 'NIN (National Identification Number)'}
        name={virtual ? 'vnin' : 'nin'}
        value={value}
        onChange={(event) => {
          setValue(virtual ? event.target.value.slice(0, 20) : ninDigits(event.target.value));
          if (error) setError(undefined);
        }}
        error={error}
        hint={
          virtual
            ? '16 characters from the NIMC app or by dialling *346*3*your NIN*1138183#; it works for 72 hours.'
            : '11 digits, on your NIN slip or in the NIMC app, or dial *346# from the phone you registered with.'
        }
        type={shown ? 'text' : 'password'}
        inputMode={virtual ? 'text' : 'numeric'}
        pattern={virtual ? undefined : '[0-9]*'}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize={virtual ? 'characters' : 'off'}
      />
      <label className="identity-check__show">
        <input type="checkbox" checked={shown} onChange={(event) => setShown(event.target.checked)} /> Show the number
        as I type
      </label>
      <button
        type="button"
        className="button button--link"
        onClick={() => {
          setVirtual((v) => !v);
          setValue('');
          setError(undefined);
        }}
      >
        {virtual ? 'Use my 11-digit NIN instead' : 'Use a virtual NIN instead'}
      </button>
      <FormAlert>{alert}</FormAlert>
      <SubmitButton pending={submit.isPending} pendingText="Checking with the identity register…">
        Verify my NIN
      </SubmitButton>
      <p className="visually-hidden" aria-live="polite">
        {submit.isPending ? 'Checking your NIN with the identity register.' : ''}
      </p>
      <p className="money-form__aside">
        We ask once, before your first withdrawal, as the law asks of licensed operators.{' '}
        <strong data-testid="identity-names">{mustMatchText(names)}</strong> We keep your NIN encrypted and only ever
        show its last four digits; we never ask for your BVN.
      </p>
      <SandboxNote identity={identity} />
    </form>
  );
}

/** Shown instead of the withdrawal form until the identity is verified. */
export function IdentityCheck({ identity, names }: { identity: Identity; names: NamesToMatch }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(identity.status);
  useEffect(() => {
    // The outcome of a check just made is announced and focused; the page as first loaded is not.
    if (identity.status !== first.current) ref.current?.focus();
  }, [identity.status]);
  return (
    <div className="money-notice identity-check" data-testid="identity-check" data-status={identity.status}>
      <h2 id="identity-heading" className="identity-check__title" tabIndex={-1} ref={ref}>
        {identity.status === 'review'
          ? 'Your identity is being checked'
          : identity.status === 'rejected'
            ? 'We could not verify your identity'
            : 'Verify your NIN to withdraw'}
      </h2>
      <div role="status" aria-live="polite">
        <p>{identity.message}</p>
        {identity.status === 'review' ? (
          <p className="money-note">
            {identity.kind === 'vnin' ? 'Virtual NIN' : 'NIN'} {identity.masked_nin}. You can play meanwhile; we will
            show the outcome here.
          </p>
        ) : null}
      </div>
      {identity.status === 'none' || identity.status === 'rejected' ? <NinForm identity={identity} names={names} /> : null}
      {identity.status === 'review' ? <SandboxNote identity={identity} /> : null}
    </div>
  );
}
