/**
 * Save (or replace) the bank account withdrawals are paid to: a bank from GET /accounts/banks, a 10-digit NUBAN
 * (digits only; the CBN check digit is checked here first), then — as soon as both are valid — the bank's name
 * for the account, looked up once (POST /accounts/resolve) and shown read-only. Save sends the bank and number;
 * the server looks the name up again and keeps the bank's version of it. A name that does not clearly match the
 * player's (the server's `name_check`) is said before saving, with both names and what it means: their withdrawals
 * wait for a person to check the names. Replacing a saved account also asks for
 * the player's password: whoever holds an unlocked phone must not be able to send the winnings elsewhere.
 */
import { useId, useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { ApiError } from '@/lib/api-client';
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

type Problem = { bank?: string; number?: string; password?: string; alert?: string; retry?: boolean };

/** A failed look-up or save: a field's 422 beside the field, anything else (429, 503) above the button. */
function lookupProblem(error: unknown): Problem {
  if (!(error instanceof ApiError)) return {};
  if (error.status === 422) {
    const bank = error.fieldError('bank_code');
    const number = error.fieldError('account_number');
    const password = error.fieldError('current_password');
    return bank || number || password ? { bank, number, password } : { alert: error.message };
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
  const [bankCode, setBankCode] = useState('');
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  const [saveProblem, setSaveProblem] = useState<Problem>({});
  const save = useSaveBankAccount();

  const bank = banks.find((b) => b.code === bankCode);
  const numberError = checkAccountNumber(number, bank);
  const lookup = bank && !numberError ? { bank_code: bank.code, account_number: number } : null;
  const resolved = useResolvedAccount(lookup);
  const problem = lookup ? lookupProblem(resolved.error) : {};
  const name = lookup ? resolved.data?.account_name : undefined;
  const nameCheck = name ? resolved.data?.name_check : undefined;
  const bankError = saveProblem.bank ?? problem.bank ?? (showErrors && !bank ? 'Choose your bank' : undefined);
  // A wrong check digit shows as soon as the tenth digit is in; a short number only once the player moves on.
  const shownNumberError =
    saveProblem.number ??
    problem.number ??
    (numberError && (showErrors || number.length === ACCOUNT_NUMBER_LENGTH) ? numberError : undefined);
  const passwordError = saveProblem.password ?? (replacing && showErrors && !password ? PASSWORD_REQUIRED : undefined);

  const edit = () => setSaveProblem({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (!lookup || save.isPending) return;
    if (!name) {
      if (resolved.isError) void resolved.refetch();
      return;
    }
    if (replacing && !password) return;
    save.mutate(replacing ? { ...lookup, current_password: password } : lookup, {
      onSuccess: (answer) => onSaved(answer.data, answer.message ?? 'Bank account saved'),
      onError: (error) => setSaveProblem(lookupProblem(error)),
    });
  };

  let nameHint = 'Appears here once the bank and number are checked.';
  if (lookup && resolved.isFetching) nameHint = 'Checking the account with your bank…';
  else if (name) nameHint = 'The name your bank has for this account. Withdrawals are paid only to it.';

  return (
    <form className="form money-form" noValidate onSubmit={submit}>
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
          onChange={(event) => {
            setBankCode(event.target.value);
            edit();
          }}
        >
          <option value="">{banksLoading && banks.length === 0 ? 'Loading banks…' : 'Choose your bank'}</option>
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
        name="account_number"
        value={number}
        onChange={(event) => {
          setNumber(accountDigits(event.target.value));
          edit();
        }}
        onBlur={() => number && setShowErrors(true)}
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
          name="password"
          type="password"
          autoComplete="current-password"
          revealable
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setSaveProblem((current) => ({ ...current, password: undefined }));
          }}
          error={passwordError}
          hint={CHANGE_ACCOUNT_NOTE}
        />
      ) : null}
      <p className="visually-hidden" aria-live="assertive">
        {saveProblem.password}
      </p>

      <FormAlert>{saveProblem.alert ?? problem.alert}</FormAlert>
      {problem.retry && !saveProblem.alert ? (
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
