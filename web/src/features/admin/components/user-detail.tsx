/**
 * /boss/users/{id}: one player's whole picture — profile and standing (state, NIN check, bank account, protection), wallet (with a manual adjustment), suspend or
 * reinstate, their tickets and transactions (each a table of its own), and audit entries by or about them.
 */
import { useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast-store';
import { formatCalendarDate, formatNaira, maskPhone } from '@/lib/format';
import { formatDateTimeWAT } from '@/lib/lagos-time';
import { useSetUserSuspended } from '@/features/admin/api/user-actions';
import { Missing, StatusBadge } from '@/features/admin/components/admin-ui';
import { ProtectionBadge } from '@/features/admin/components/protection-badge';
import { PlayerStanding } from '@/features/admin/components/player-standing';
import { AdjustWalletForm } from '@/features/admin/components/adjust-wallet-form';
import { ConfirmDialog } from '@/features/admin/components/confirm-dialog';
import { UserTickets } from '@/features/admin/components/user-tickets';
import { UserTransactions } from '@/features/admin/components/user-transactions';
import type { Activity, UserDetail as Detail } from '@/features/admin/types';

function Section({ id, title, count, children }: { id: string; title: string; count?: number; children: ReactNode }) {
  return (
    <section className="card admin-card" aria-labelledby={id}>
      <h2 id={id} className="admin-section-title">
        {title}
        {count !== undefined ? <span className="admin-count"> ({count})</span> : null}
      </h2>
      {children}
    </section>
  );
}

function Activities({ rows }: { rows: Activity[] }) {
  if (rows.length === 0) return <p className="empty-state">No recorded activity.</p>;
  return (
    <ol className="activity-list">
      {rows.map((a) => (
        <li key={a.id} className="activity">
          <span className="activity__action">{a.action}</span>
          <span className="activity__meta">
            {formatDateTimeWAT(a.created_at)} · by {a.actor ?? 'unknown'}
            {a.ip ? ` · from ${a.ip}` : ''}
          </span>
          {a.detail ? <span className="activity__detail">{a.detail}</span> : null}
        </li>
      ))}
    </ol>
  );
}

export function UserDetail({ user }: { user: Detail }) {
  const [confirmStatus, setConfirmStatus] = useState(false);
  const setSuspended = useSetUserSuspended();
  const suspended = user.status === 'suspended';
  const balance = user.relationships?.wallet?.balance ?? 0;
  return (
    <div className="user-detail">
      <div className="user-detail__badges">
        <StatusBadge status={user.status} />
        <StatusBadge status={user.email_verified ? 'verified' : 'unverified'} tone={user.email_verified ? 'good' : 'warn'} />
        <ProtectionBadge protection={user.protection} />
        <button
          type="button"
          className={`button button--small ${suspended ? 'button--primary' : 'button--danger'}`}
          onClick={() => setConfirmStatus(true)}
        >
          {suspended ? 'Unsuspend' : 'Suspend'}
        </button>
      </div>

      <div className="user-detail__grid">
        <Section id="profile-heading" title="Profile">
          <dl className="details">
            <div className="details__row">
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
            <div className="details__row">
              <dt>Phone</dt>
              <dd>{user.phoneNumber ? maskPhone(user.phoneNumber) : <Missing />}</dd>
            </div>
            <div className="details__row">
              <dt>Date of birth</dt>
              <dd>{user.dob ? formatCalendarDate(user.dob) : <Missing />}</dd>
            </div>
            <PlayerStanding user={user} />
            <div className="details__row">
              <dt>Joined</dt>
              <dd>{formatDateTimeWAT(user.created_at)}</dd>
            </div>
            <div className="details__row">
              <dt>Player id</dt>
              <dd>{user.id}</dd>
            </div>
          </dl>
        </Section>

        <Section id="wallet-heading" title="Wallet">
          <p className="wallet-balance">
            <span className="wallet-balance__label">Balance</span>
            <span className="wallet-balance__amount" data-testid="admin-user-balance">
              {formatNaira(balance)}
            </span>
          </p>
          <AdjustWalletForm userId={user.id} userName={user.name} balance={balance} />
        </Section>
      </div>

      <Section id="tickets-heading" title="Tickets">
        <UserTickets userId={user.id} userName={user.name} />
      </Section>
      <Section id="transactions-heading" title="Transactions">
        <UserTransactions userId={user.id} userName={user.name} />
      </Section>
      <Section id="activity-heading" title="Activity" count={user.activities.length}>
        <Activities rows={user.activities} />
      </Section>

      {confirmStatus ? (
        <ConfirmDialog
          title={suspended ? `Unsuspend ${user.name}?` : `Suspend ${user.name}?`}
          confirmLabel={suspended ? 'Unsuspend' : 'Suspend'}
          pendingLabel="Saving…"
          tone={suspended ? 'primary' : 'danger'}
          onConfirm={() =>
            setSuspended.mutateAsync({ id: user.id, suspended: !suspended }).then(() => {
              toast.success(suspended ? `${user.name} can play again` : `${user.name} is suspended`);
            })
          }
          onClose={() => setConfirmStatus(false)}
        >
          <p>
            {suspended
              ? 'They can log in, play, deposit and withdraw again.'
              : 'They can no longer log in or play until you unsuspend them. Their balance is kept.'}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
