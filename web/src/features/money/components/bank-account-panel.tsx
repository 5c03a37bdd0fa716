/**
 * /user/bank-account: the saved account (GET /accounts) with "Change account", or the form when there is none.
 * After a save the saved account shows, with the server's message announced.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useBankAccount } from '../api/bank-account';
import type { BankOption } from '../lib/nuban';
import { BankAccountForm } from './bank-account-form';
import { SavedAccount } from './saved-account';
import { WithdrawalHoldNotice } from './withdrawal-hold-notice';
import './money.css';

type Props = { banks: BankOption[]; banksLoading?: boolean };

export function BankAccountPanel({ banks, banksLoading }: Props) {
  const account = useBankAccount();
  const [changing, setChanging] = useState(false);
  const [message, setMessage] = useState<string>();
  const changeButton = useRef<HTMLButtonElement>(null);

  if (account.isPending) return <Spinner label="Loading your bank account…" />;
  if (account.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>We could not load your bank account.</p>
        <button type="button" className="button button--primary" onClick={() => void account.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const saved = account.data;
  const showForm = !saved || changing;
  return (
    <>
      <p className="money-status" role="status" data-testid="bank-account-message">
        {message}
      </p>
      {saved && !changing ? (
        <section className="card" aria-labelledby="saved-account-heading">
          <h2 id="saved-account-heading" className="card__title">
            Your bank account
          </h2>
          <SavedAccount account={saved} showSaved />
          <WithdrawalHoldNotice account={saved} />
          <div className="money-actions">
            <Link className="button button--primary" to={paths.user.withdrawal.getHref()}>
              Withdraw
            </Link>
            <button
              ref={changeButton}
              type="button"
              className="button button--ghost"
              onClick={() => {
                setMessage(undefined);
                setChanging(true);
              }}
            >
              Change account
            </button>
          </div>
        </section>
      ) : null}
      {showForm ? (
        <section className="card card--form" aria-labelledby="account-form-heading">
          <h2 id="account-form-heading" className="card__title">
            {saved ? 'Change your bank account' : 'Add your bank account'}
          </h2>
          <BankAccountForm
            banks={banks}
            banksLoading={banksLoading}
            replacing={Boolean(saved)}
            onSaved={(_, text) => {
              setMessage(text);
              setChanging(false);
            }}
            onCancel={
              saved
                ? () => {
                    setChanging(false);
                    // Back to where the player was: the Change account button (once it is shown again).
                    setTimeout(() => changeButton.current?.focus());
                  }
                : undefined
            }
          />
        </section>
      ) : null}
    </>
  );
}
