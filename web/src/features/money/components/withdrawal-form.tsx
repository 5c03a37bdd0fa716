/**
 * /user/withdrawal's form: the account the money goes to (or a way to add one), an amount of at least ₦1,000
 * and not above the balance, then POST /withdrawals/create. One idempotency key per intended withdrawal, kept
 * until it succeeds: pressing again after a lost answer or a reload asks for the same withdrawal, never a second.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/format';
import type { BankAccount } from '@/types/money';
import { useCreateWithdrawal, type WithdrawalAnswer } from '../api/withdrawals';
import { useIdempotencyKey } from '../hooks/use-idempotency-key';
import { checkWithdrawalAmount, WITHDRAWAL_MIN } from '../lib/amounts';
import { maskAccountNumber } from '../lib/nuban';
import { AmountField } from './amount-field';

export const WITHDRAWAL_KEY_STORAGE = 'ayo.withdrawal-key';

type Props = {
  balance: number;
  account: BankAccount;
  onDone: (answer: WithdrawalAnswer) => void;
};

export function WithdrawalForm({ balance, account, onDone }: Props) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const { key, renew } = useIdempotencyKey(WITHDRAWAL_KEY_STORAGE);
  const create = useCreateWithdrawal();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const checked = checkWithdrawalAmount(amount, balance);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    setAlert(undefined);
    create.mutate(
      { amount: checked.kobo, idempotency_key: key },
      {
        onSuccess: (answer) => {
          renew();
          setAmount('');
          onDone(answer);
        },
        onError: (failure) => {
          // A refusal (422) moved nothing; no answer at all keeps the key, so pressing again is safe.
          if (!(failure instanceof ApiError) || failure.status !== 422) return;
          const field = failure.fieldError('amount');
          if (field) setError(field);
          else setAlert(failure.fieldError('bank_account') ?? failure.message);
        },
      },
    );
  };

  return (
    <form className="form money-form" noValidate onSubmit={submit}>
      <div className="payee" data-testid="withdrawal-payee">
        <span className="payee__label">Paid to</span>
        <span className="payee__name">{account.account_name}</span>
        <span className="payee__bank">
          {account.bank_name} · {maskAccountNumber(account.account_number)}
        </span>
        <Link className="payee__change" to={paths.user.bankAccount.getHref()}>
          Change
        </Link>
      </div>
      <AmountField
        label="Amount"
        name="amount"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          if (error) setError(undefined);
        }}
        error={error}
        hint={
          balance < WITHDRAWAL_MIN
            ? `The least you can withdraw is ${formatNaira(WITHDRAWAL_MIN)}; your balance is ${formatNaira(balance)}.`
            : `At least ${formatNaira(WITHDRAWAL_MIN)}, up to your balance of ${formatNaira(balance)}.`
        }
      />
      {balance >= WITHDRAWAL_MIN ? (
        <button
          type="button"
          className="button button--link money-form__all"
          onClick={() => {
            setAmount((balance / 100).toFixed(2));
            setError(undefined);
          }}
        >
          Withdraw my whole balance ({formatNaira(balance)})
        </button>
      ) : null}
      <FormAlert>{alert}</FormAlert>
      <SubmitButton pending={create.isPending} pendingText="Requesting…">
        Request withdrawal
      </SubmitButton>
      <p className="money-form__aside">
        The amount leaves your balance at once and is held until we pay it; if a withdrawal is not paid, the money comes
        back to your balance.
      </p>
    </form>
  );
}

/** Before the form: no account yet, so nowhere to pay. */
export function NoBankAccount() {
  return (
    <div className="money-notice" data-testid="no-bank-account">
      <p>Add the bank account your money should be paid to, then come back here to withdraw.</p>
      <Link className="button button--primary" to={paths.user.bankAccount.getHref()}>
        Add a bank account
      </Link>
    </div>
  );
}
