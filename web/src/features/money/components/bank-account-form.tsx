/**
 * Save (or replace) the bank account withdrawals are paid to: a bank from GET /accounts/banks, a 10-digit NUBAN
 * (digits only; the CBN check digit is checked here first), then — as soon as both are valid — the bank's name
 * for the account, looked up once (POST /accounts/resolve) and shown read-only. Save sends the bank and number;
 * the server looks the name up again and keeps the bank's version of it. A name that does not clearly match the
 * player's (the server's `name_check`) is said before saving, with both names and what it means: their withdrawals
 * wait for a person to check the names. Replacing a saved account also asks for
 * the player's password: whoever holds an unlocked phone must not be able to send the winnings elsewhere.
 */
import { useId, useState } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { useForm } from '@/components/ui/form/use-form';
import { ApiError } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/validation';
import type { BankAccount, PayoutNameCheck } from '@/types/money';
import { useResolvedAccount, useSaveBankAccount } from '../api/bank-account';
import { ACCOUNT_NUMBER_LENGTH, accountDigits, checkAccountNumber, type BankOption } from '../lib/nuban';

type Props = {
  banks: BankOption[];
  banksLoading?: boolean;
  onSaved: (account: BankAccount, message: string) => void;
  /** Replacing a saved account: the password is asked for too. */
  replacing?: boolean;
  /** Replacing a saved account: a way back to it. */
  onCancel?: () => void;
};

export const PASSWORD_REQUIRED = 'Enter your password';
export const CHANGE_ACCOUNT_NOTE =
  'For your security, enter your password to change where winnings are paid. Withdrawals pause for 24 hours after a change.';
const CHOOSE_BANK = 'Choose your bank';

/** The form's fields, named as their inputs are. */
type Values = { bank_code: string; account_number: string; password: string };

/** A 422 from the look-up or the save names the server's fields; the password is the contract's `current_password`. */
const SERVER_FIELDS = { bank_code: 'bank_code', account_number: 'account_number', current_password: 'password' } as const;

type Problem = { fields?: FieldErrors<keyof Values>; alert?: string; retry?: boolean };

/** A failed look-up or save: a field's 422 beside the field, anything else (429, 503) above the button. */
function lookupProblem(error: unknown): Problem {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 422) {
    const fields: FieldErrors<keyof Values> = {};
    for (const [serverName, name] of Object.entries(SERVER_FIELDS)) {
      const message = error.fieldError(serverName);
      if (message) fields[name] = message;
    }
    return Object.keys(fields).length > 0 ? { fields } : { alert: error.message };
  }
  return { alert: error.message, retry: error.status === 429 || error.status === 503 || error.status === 0 };
}

/** Both names side by side, and the server's words for what saving this account means. */
function NameMismatch({ check, accountName }: { check: PayoutNameCheck; accountName: string }) {
  const whose = check.compared_with_kind === 'nin' ? 'Name on your NIN' : 'Name on your Ayo Lotto account';
  return (
    <div className="money-notice money-notice--break name-mismatch" role="alert" data-testid="name-mismatch">
      <p className="name-mismatch__title">
        <strong>These names do not clearly match</strong>
      </p>
      <dl className="name-mismatch__names">
        <div>
          <dt>Name at the bank</dt>
          <dd>{accountName}</dd>
        </div>
        <div>
          <dt>{whose}</dt>
          <dd>{check.compared_with}</dd>
        </div>
      </dl>
      <p>{check.message}</p>
    </div>
  );
}

export function BankAccountForm({ banks, banksLoading = false, onSaved, replacing = false, onCancel }: Props) {
  const id = useId();
  const form = useForm<Values>({ bank_code: '', account_number: '', password: '' });
  // The player has moved on from a number they began: a short one is said from then on, not only at a submit.
  const [leftNumber, setLeftNumber] = useState(false);
  const save = useSaveBankAccount();

  const { bank_code: bankCode, account_number: number, password } = form.values;
  const bank = banks.find((b) => b.code === bankCode);
  const numberError = checkAccountNumber(number, bank);
  // Derived, not kept: the look-up of a valid bank and number, and what it found.
  const lookup = bank && !numberError ? { bank_code: bank.code, account_number: number } : null;
  const resolved = useResolvedAccount(lookup);
  const problem = lookup ? lookupProblem(resolved.error) : {};
  const name = lookup ? resolved.data?.account_name : undefined;
  const nameCheck = name ? resolved.data?.name_check : undefined;
  // A refused submit's and the save's errors (form.errors) first, then the look-up's 422 for this bank and number.
  const bankError = form.errors.bank_code ?? problem.fields?.bank_code;
  // A wrong check digit shows as soon as the tenth digit is in; a short number only once the player moves on.
  const shownNumberError =
    form.errors.account_number ??
    problem.fields?.account_number ??
    (numberError && (leftNumber || number.length === ACCOUNT_NUMBER_LENGTH) ? numberError : undefined);
  // The server's word on the password is announced as it comes (the missing one is said at the submit).
  const serverPasswordError = form.errors.password === PASSWORD_REQUIRED ? undefined : form.errors.password;

  /** What is wrong before anything is sent, each beside its field. */
  const fieldErrors = (): FieldErrors<keyof Values> => ({
    bank_code: bank ? undefined : CHOOSE_BANK,
    account_number: numberError,
    password: replacing && !password ? PASSWORD_REQUIRED : undefined,
  });

  const check = () => {
    // A look-up that failed is tried again by a submit.
    if (lookup && !save.isPending && !name && resolved.isError) void resolved.refetch();
    const errors = fieldErrors();
    if (Object.values(errors).some(Boolean)) {
      form.refuse(errors);
      return undefined;
    }
    if (save.isPending) return undefined;
    if (!lookup || !name) {
      // Nothing to save until the bank has named the account; the keyboard goes to the look-up's problem, if any.
      form.refuse(form.errors);
      return undefined;
    }
    return replacing ? { ...lookup, current_password: password } : lookup;
  };

  const send = (payload: NonNullable<ReturnType<typeof check>>) =>
    save.mutate(payload, {
      onSuccess: (answer) => onSaved(answer.data, answer.message ?? 'Bank account saved'),
      onError: (error) => {
        const failure = lookupProblem(error);
        form.setMessage(failure.alert);
        form.refuse(failure.fields ?? {});
      },
    });

  /** A new bank or number: the save's answer about the pair, and the number's verdict, no longer hold. */
  const editAccount = (field: 'bank_code' | 'account_number', value: string) => {
    form.set(field, value);
    if (field === 'bank_code') form.set('account_number', number);
    form.setMessage(undefined);
  };

  let nameHint = 'Appears here once the bank and number are checked.';
  if (lookup && resolved.isFetching) nameHint = 'Checking the account with your bank…';
  else if (name) nameHint = 'The name your bank has for this account. Withdrawals are paid only to it.';

  return (
    <form className="form money-form" noValidate onSubmit={form.submit(check, send)}>
      <div className={['field', bankError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
        <label className="field__label" htmlFor={`${id}-bank`}>
          Bank
        </label>
        <select
          id={`${id}-bank`}
          name="bank_code"
          className="field__input field__select"
          value={bankCode}
          aria-invalid={bankError ? true : undefined}
          aria-describedby={bankError ? `${id}-bank-error` : undefined}
          disabled={banksLoading && banks.length === 0}
          onChange={(event) => editAccount('bank_code', event.target.value)}
        >
          <option value="">{banksLoading && banks.length === 0 ? 'Loading banks…' : CHOOSE_BANK}</option>
          {banks.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </select>
        {bankError ? (
          <p id={`${id}-bank-error`} className="field__error">
            {bankError}
          </p>
        ) : null}
      </div>

      <TextField
        label="Account number"
        {...form.field('account_number')}
        onChange={(event) => editAccount('account_number', accountDigits(event.target.value))}
        onBlur={() => number && setLeftNumber(true)}
        error={shownNumberError}
        hint="10 digits (NUBAN), as in your banking app."
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={ACCOUNT_NUMBER_LENGTH + 4}
      />

      <TextField
        label="Account name"
        name="account_name"
        value={name ?? ''}
        readOnly
        aria-readonly="true"
        placeholder={lookup && resolved.isFetching ? 'Checking…' : '—'}
        hint={nameHint}
        className="field--readonly"
        data-testid="resolved-account-name"
      />
      <p className="visually-hidden" aria-live="polite">
        {name ? `Account name: ${name}` : lookup && resolved.isFetching ? 'Checking the account with your bank' : ''}
      </p>
      {nameCheck?.review_needed ? <NameMismatch check={nameCheck} accountName={name ?? ''} /> : null}

      {replacing ? (
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          revealable
          {...form.field('password')}
          hint={CHANGE_ACCOUNT_NOTE}
        />
      ) : null}
      <p className="visually-hidden" aria-live="assertive">
        {serverPasswordError}
      </p>

      <FormAlert>{form.message ?? problem.alert}</FormAlert>
      {problem.retry && !form.message ? (
        <button type="button" className="button button--ghost button--small" onClick={() => void resolved.refetch()}>
          Check the account again
        </button>
      ) : null}

      <SubmitButton pending={save.isPending} pendingText="Saving…">
        {nameCheck?.review_needed ? 'Save this account anyway' : 'Save bank account'}
      </SubmitButton>
      {onCancel ? (
        <button type="button" className="button button--ghost button--block" onClick={onCancel}>
          Keep my saved account
        </button>
      ) : null}
    </form>
  );
}
