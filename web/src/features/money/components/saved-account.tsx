import { formatDateTimeWAT } from '@/lib/lagos-time';
import type { BankAccount } from '@/types/money';

/** A saved bank account as a short list: bank, number, the bank's name for it. */
export function SavedAccount({ account, showSaved = false }: { account: BankAccount; showSaved?: boolean }) {
  return (
    <dl className="details saved-account" data-testid="saved-account">
      <div className="details__row">
        <dt>Bank</dt>
        <dd>{account.bank_name}</dd>
      </div>
      <div className="details__row">
        <dt>Account number</dt>
        <dd className="money-ref">{account.account_number}</dd>
      </div>
      <div className="details__row">
        <dt>Account name</dt>
        <dd>{account.account_name}</dd>
      </div>
      {showSaved ? (
        <div className="details__row">
          <dt>Saved</dt>
          <dd>{formatDateTimeWAT(account.updated_at)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
