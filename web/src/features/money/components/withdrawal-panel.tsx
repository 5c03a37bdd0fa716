/**
 * /user/withdrawal above its list: the balance, then the form (or the way to add a bank account first), and the
 * answer to the last request, announced. The balance is the header's: it follows every live change. Until the
 * player's NIN is verified, the identity check takes the form's place (the server refuses with KYC_REQUIRED anyway).
 */
import { useEffect, useRef, useState } from 'react';
import { defaultTableQuery, tableParams } from '@/components/data-table/table-query';
import { Spinner } from '@/components/ui/spinner';
import { formatNaira } from '@/lib/format';
import { useAuth } from '@/lib/session';
import { useBankAccount } from '../api/bank-account';
import { useIdentity } from '../api/identity';
import { useWithdrawals, type WithdrawalAnswer } from '../api/withdrawals';
import { statusNote } from '../lib/labels';
import { maskAccountNumber } from '../lib/nuban';
import { IdentityCheck, IdentityVerified } from './identity-check';
import { NoBankAccount, WithdrawalForm } from './withdrawal-form';
import { WithdrawalHoldNotice } from './withdrawal-hold-notice';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';
import './money.css';

/** The answer to the last request; its badge follows the withdrawal live (the list's first page, shared cache). */
function Requested({ answer }: { answer: WithdrawalAnswer }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [answer]);
  const latest = useWithdrawals(tableParams(defaultTableQuery)).data?.data?.find((w) => w.id === answer.data.id);
  const w = latest ?? answer.data;
  return (
    <div className="money-result" tabIndex={-1} ref={ref} data-testid="withdrawal-result">
      <p className="money-result__title">
        {formatNaira(w.amount)} to {w.account_name} <WithdrawalStatusBadge status={w.status} />
      </p>
      <p>{w.status === 'pending' ? (answer.message ?? 'Withdrawal requested.') : statusNote(w)}</p>
      <p className="money-note">
        {w.bank_name} {maskAccountNumber(w.account_number)} · every withdrawal is in the list below.
      </p>
    </div>
  );
}

export function WithdrawalPanel() {
  const { user } = useAuth();
  const account = useBankAccount();
  const identity = useIdentity();
  const [answer, setAnswer] = useState<WithdrawalAnswer>();
  const balance = user?.relationships?.wallet?.balance ?? 0;

  return (
    <div className="card withdrawal-panel">
      <p className="money-balance">
        <span className="money-balance__label">Available balance</span>
        <span className="money-balance__amount" data-testid="withdrawal-balance">
          {formatNaira(balance)}
        </span>
      </p>
      <div role="status" aria-live="polite">
        {answer ? <Requested answer={answer} /> : null}
      </div>
      {account.isPending || identity.isPending ? (
        <Spinner label="Loading your bank account…" />
      ) : identity.data && identity.data.status !== 'verified' ? (
        <IdentityCheck
          identity={identity.data}
          names={{ registered: user?.name ?? '', account: account.data?.account_name ?? null }}
        />
      ) : account.isError || identity.isError ? (
        <div className="empty-state" role="alert">
          <p>We could not load your bank account.</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              void account.refetch();
              void identity.refetch();
            }}
          >
            Try again
          </button>
        </div>
      ) : account.data ? (
        <>
          {identity.data ? <IdentityVerified identity={identity.data} /> : null}
          <WithdrawalHoldNotice account={account.data} />
          <WithdrawalForm balance={balance} account={account.data} onDone={setAnswer} />
        </>
      ) : (
        <>
          {identity.data ? <IdentityVerified identity={identity.data} /> : null}
          <NoBankAccount />
        </>
      )}
    </div>
  );
}
