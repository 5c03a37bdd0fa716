import { useSearchParams } from 'react-router';
import { useLimits } from '@/features/money/api/limits';
import { DepositForm } from '@/features/money/components/deposit-form';
import { DepositResult } from '@/features/money/components/deposit-result';
import { DepositsTable } from '@/features/money/components/deposits-table';
import { ResidenceGate } from '@/features/residence/components/residence-gate';
import { FirstDepositPrompt } from '@/features/responsible-gaming/components/first-deposit-prompt';

/**
 * /user/deposit: add money through the payment gateway. The gateway sends the player back here with
 * `?trxref=R&reference=R` (Paystack's callback shape), and the page shows what became of that payment. Before a
 * first deposit it offers deposit limits.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const limits = useLimits();
  const reference = params.get('reference') ?? params.get('trxref');
  return (
    <section className="page money-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Deposit</h1>
      <p className="page__lead">Top up your wallet, then pick your numbers.</p>
      {reference ? (
        <DepositResult key={reference} reference={reference} onDismiss={() => setParams({}, { replace: true })} />
      ) : null}
      <FirstDepositPrompt
        limits={limits.data}
        onDone={() => document.getElementById('deposit-form-heading')?.focus()} />
      <section className="card card--form" aria-labelledby="deposit-form-heading">
        <h2 id="deposit-form-heading" className="card__title" tabIndex={-1}>
          {reference ? 'Make another deposit' : 'Add money'}
        </h2>
        <ResidenceGate>
          <DepositForm />
        </ResidenceGate>
      </section>
      <section aria-labelledby="deposits-heading">
        <h2 id="deposits-heading">Recent deposits</h2>
        <DepositsTable />
      </section>
    </section>
  );
}
