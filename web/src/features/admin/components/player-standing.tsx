/**
 * Where a player stands, on their /boss record (issue 32): state of residence, NIN check, payout account and
 * protection status — what staff need before a withdrawal or a call. Numbers stay masked as everywhere in /boss.
 */
import { formatDateTimeWAT } from '@/lib/lagos-time';
import { stateName } from '@/lib/states';
import { Missing } from '@/features/admin/components/admin-ui';
import { protectionLabel } from '@/features/admin/components/protection-badge';
import type { RecordIdentity, UserDetail } from '@/features/admin/types';

const CHECK: Record<RecordIdentity['status'], string> = {
  none: 'Not found',
  verified: 'Verified',
  review: 'Waiting for review',
  rejected: 'Rejected',
};

function Identity({ identity }: { identity: RecordIdentity | null | undefined }) {
  if (!identity) return <>Not given yet</>;
  return (
    <>
      {CHECK[identity.status]} · {identity.kind === 'vnin' ? 'vNIN' : 'NIN'}{' '}
      <span className="nowrap">{identity.masked_nin}</span>
    </>
  );
}

export function PlayerStanding({ user }: { user: UserDetail }) {
  const account = user.bank_account;
  return (
    <>
      <div className="details__row">
        <dt>State</dt>
        <dd>{user.state ? stateName(user.state) : <Missing />}</dd>
      </div>
      <div className="details__row">
        <dt>NIN check</dt>
        <dd data-testid="record-identity">
          <Identity identity={user.identity} />
        </dd>
      </div>
      <div className="details__row">
        <dt>Bank account</dt>
        <dd data-testid="record-bank-account">
          {account ? (
            <>
              {account.bank_name} <span className="nowrap">{account.masked_account_number}</span> · {account.account_name}
              {account.withdrawals_held_until ? (
                <> · withdrawals paused until {formatDateTimeWAT(account.withdrawals_held_until)}</>
              ) : null}
            </>
          ) : (
            'None saved'
          )}
        </dd>
      </div>
      <div className="details__row">
        <dt>Protection</dt>
        <dd data-testid="record-protection">{user.protection ? protectionLabel(user.protection) : 'No break in force'}</dd>
      </div>
    </>
  );
}
