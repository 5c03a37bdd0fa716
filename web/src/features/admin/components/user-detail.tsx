/**
 * /boss/users/{id}: one player's whole picture — profile, wallet (with a manual adjustment), suspend or
 * reinstate, their newest tickets and transactions, and audit entries by or about them.
 */
import { useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/toasts/toast-store';
import { formatCalendarDate, formatDateTimeWAT, formatNaira, formatShortDateTimeWAT, maskPhone } from '@/lib/format';
import { betTypeLabel } from '@/lib/lotto';
import { useSetUserSuspended } from '@/features/admin/api/user-actions';
import { Missing, StatusBadge } from '@/features/admin/components/admin-ui';
import { AdjustWalletForm } from '@/features/admin/components/adjust-wallet-form';
import { ConfirmDialog } from '@/features/admin/components/confirm-dialog';
import { LocalTable } from '@/features/admin/components/local-table';
import { SignedNaira } from '@/features/admin/components/money-cells';
import { TicketPicks } from '@/features/admin/components/ticket-picks';
import type { Activity, UserDetail as Detail } from '@/features/admin/types';
import type { Ticket, Transaction } from '@/types/lotto';

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

function Tickets({ user }: { user: Detail }) {
  return (
    <LocalTable<Ticket>
      caption={`${user.name}’s newest tickets`}
      rows={user.tickets}
      rowKey={(t) => t.id}
      empty="No tickets yet."
      columns={[
        { key: 'id', header: 'Ticket', rowHeader: true, cell: (t) => `#${t.id}` },
        { key: 'game', header: 'Game', cell: (t) => t.game_name ?? <Missing /> },
        { key: 'bet', header: 'Bet', cell: (t) => <span className="nowrap">{betTypeLabel(t.bet_type)}</span> },
        { key: 'numbers', header: 'Numbers', cell: (t) => <TicketPicks ticket={t} /> },
        { key: 'stake', header: 'Stake', numeric: true, cell: (t) => formatNaira(t.total_stake) },
        { key: 'status', header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
        { key: 'winnings', header: 'Winnings', numeric: true, cell: (t) => formatNaira(t.winnings) },
        { key: 'bought', header: 'Bought', cell: (t) => <span className="nowrap">{formatShortDateTimeWAT(t.created_at)}</span> },
      ]}
    />
  );
}

function Transactions({ rows, name }: { rows: Transaction[]; name: string }) {
  return (
    <LocalTable<Transaction>
      caption={`${name}’s newest transactions`}
      rows={rows}
      rowKey={(tx) => tx.id}
      empty="No transactions yet."
      columns={[
        { key: 'when', header: 'When', cell: (tx) => <span className="nowrap">{formatShortDateTimeWAT(tx.created_at)}</span> },
        { key: 'type', header: 'Type', cell: (tx) => tx.type.charAt(0).toUpperCase() + tx.type.slice(1) },
        { key: 'status', header: 'Status', cell: (tx) => <StatusBadge status={tx.status} /> },
        { key: 'amount', header: 'Amount', numeric: true, cell: (tx) => <SignedNaira kobo={tx.amount} /> },
        { key: 'after', header: 'Balance after', numeric: true, cell: (tx) => formatNaira(tx.balance_after) },
        {
          key: 'description',
          header: 'Description',
          cell: (tx) => (
            <>
              {tx.description || <Missing />}
              {tx.reference ? <span className="admin-note">{tx.reference}</span> : null}
            </>
          ),
        },
      ]}
    />
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

      <Section id="tickets-heading" title="Tickets" count={user.tickets.length}>
        <Tickets user={user} />
      </Section>
      <Section id="transactions-heading" title="Transactions" count={user.transactions.length}>
        <Transactions rows={user.transactions} name={user.name} />
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
