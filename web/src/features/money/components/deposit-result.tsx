/**
 * What became of the payment the gateway just sent the player back from (`/user/deposit?reference=…`): credited
 * (the amount and the new balance, which the header takes at once), not completed (the gateway's reason), held for
 * a refund (paid, but over the deposit limits when it was confirmed: the server's reason), or not
 * confirmed yet — then it updates by itself on `wallet.updated` and the player may check again — or, once its
 * checkout has closed unpaid, expired (say so, and no way back to a checkout that is gone). A credited deposit
 * offers "Play now". Announced to
 * screen readers, and the heading takes the focus once the outcome is known.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/format';
import { formatDateTimeWAT } from '@/lib/lagos-time';
import { useServerTime } from '@/lib/server-clock';
import { useDepositCheck } from '../api/deposits';
import { depositNote, isExpiredDeposit } from '../lib/labels';
import './money.css';

type Props = { reference: string; onDismiss: () => void };

export function DepositResult({ reference, onDismiss }: Props) {
  const check = useDepositCheck(reference);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deposit = check.data?.deposit;
  const status = deposit?.status ?? (check.isError ? 'missing' : 'checking');
  const expired = useServerTime((now) => (deposit ? isExpiredDeposit(deposit, now) : false));

  useEffect(() => {
    if (status === 'success' || status === 'failed' || status === 'held') headingRef.current?.focus();
  }, [status]);

  const notFound = check.error instanceof ApiError && check.error.status === 404;
  return (
    <section
      className={`deposit-result deposit-result--${status}`}
      aria-labelledby="deposit-result-heading"
      data-testid="deposit-result"
      data-status={status}
    >
      <div aria-live="polite" aria-atomic="true">
        {status === 'checking' ? (
          <>
            <h2 id="deposit-result-heading" className="deposit-result__title">
              Checking your payment…
            </h2>
            <Spinner label="Please wait" />
          </>
        ) : null}
        {status === 'missing' ? (
          <>
            <h2 id="deposit-result-heading" className="deposit-result__title">
              {notFound ? 'We could not find this payment' : 'We could not check this payment'}
            </h2>
            <p>
              Reference <span className="money-ref">{reference}</span>.{' '}
              {notFound ? 'Start a new deposit below.' : 'Please check again in a moment.'}
            </p>
          </>
        ) : null}
        {deposit && status === 'success' ? (
          <>
            <h2 id="deposit-result-heading" className="deposit-result__title" tabIndex={-1} ref={headingRef}>
              Deposit successful
            </h2>
            <p>
              <strong data-testid="deposit-credited">{formatNaira(deposit.amount)}</strong> was added to your wallet.
              {check.data?.balance !== null && check.data?.balance !== undefined ? (
                <>
                  {' '}
                  Your balance is now <strong data-testid="deposit-balance">{formatNaira(check.data.balance)}</strong>.
                </>
              ) : null}
            </p>
          </>
        ) : null}
        {deposit && status === 'failed' ? (
          <>
            <h2 id="deposit-result-heading" className="deposit-result__title" tabIndex={-1} ref={headingRef}>
              Payment not completed
            </h2>
            <p>
              {deposit.failure_reason ? `${deposit.failure_reason.replace(/\.$/, '')}. ` : ''}
              Nothing was added to your wallet for this {formatNaira(deposit.amount)} payment. You can try again below.
            </p>
          </>
        ) : null}
        {deposit && status === 'held' ? (
          <>
            <h2 id="deposit-result-heading" className="deposit-result__title" tabIndex={-1} ref={headingRef}>
              Payment held for a refund
            </h2>
            <p data-testid="deposit-held">
              {deposit.held_reason ??
                `Your ${formatNaira(deposit.amount)} payment was not added to your wallet: it is over your deposit limits and will be refunded.`}
            </p>
          </>
        ) : null}
        {deposit && expired ? (
          <>
            <h2 id="deposit-result-heading" className="deposit-result__title">
              This checkout has expired
            </h2>
            <p data-testid="deposit-expired">{depositNote(deposit, true)}</p>
          </>
        ) : null}
        {deposit && status === 'pending' && !expired ? (
          <>
            <h2 id="deposit-result-heading" className="deposit-result__title">
              Waiting for your payment
            </h2>
            <p>
              We have not had confirmation of your {formatNaira(deposit.amount)} payment yet. This page updates by
              itself as soon as it arrives.
            </p>
          </>
        ) : null}
      </div>
      {deposit ? (
        <p className="deposit-result__meta">
          Reference <span className="money-ref">{deposit.reference}</span> · {formatDateTimeWAT(deposit.created_at)}
        </p>
      ) : null}
      <div className="deposit-result__actions">
        {status === 'success' ? (
          // The money is there: the next step is the game (issue 32, "money within reach").
          <Link className="button button--accent button--small" to={paths.games.getHref()} data-testid="deposit-play-now">
            Play now
          </Link>
        ) : null}
        {status === 'pending' || status === 'expired' || (status === 'missing' && !notFound) ? (
          // An expired checkout may still be paid late: checking again credits it.
          <button
            type="button"
            className="button button--primary button--small"
            disabled={check.isFetching}
            aria-busy={check.isFetching}
            onClick={() => void check.refetch()}
          >
            {check.isFetching ? 'Checking…' : 'Check again'}
          </button>
        ) : null}
        {deposit && status === 'pending' && !expired && deposit.authorization_url ? (
          <a className="button button--ghost button--small" href={deposit.authorization_url}>
            Back to the payment page
          </a>
        ) : null}
        {status !== 'checking' ? (
          <button type="button" className="button button--ghost button--small" onClick={onDismiss}>
            {status === 'success' ? 'Done' : 'Close'}
          </button>
        ) : null}
      </div>
    </section>
  );
}
