import { useBanks } from '@/features/banks/api/get-banks';
import { BankAccountPanel } from '@/features/money/components/bank-account-panel';

/** /user/bank-account: the account withdrawals are paid to; the bank list comes from the banks feature. */
export function Component() {
  const banks = useBanks();
  return (
    <section className="page money-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Bank account</h1>
      <p className="page__lead">The account your withdrawals are paid to: one account, which you can change.</p>
      <BankAccountPanel banks={banks.data ?? []} banksLoading={banks.isFetching} />
    </section>
  );
}
