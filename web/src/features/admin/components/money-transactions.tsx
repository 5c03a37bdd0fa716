/**
 * /boss/transactions: every player's ledger (GET /admin/transactions, filters type and status), or — one tap —
 * the withdrawals waiting for a decision (GET /admin/withdrawals?status=pending). Pending withdrawals carry
 * Approve and Reject; the outcome is announced above the table. New requests and decisions arrive live: the
 * lists refetch on `dashboard.updated`.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Column } from '@/components/data-table/column';
import { formatNaira } from '@/lib/format';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import { useRealtimeMessage } from '@/lib/use-realtime-message';
import { adminListKey } from '@/features/admin/api/admin-table';
import { ADMIN_TRANSACTIONS_PATH, ADMIN_WITHDRAWALS_PATH } from '@/features/admin/api/withdrawals';
import { StatusBadge } from '@/features/admin/components/admin-ui';
import { AdminList } from '@/features/admin/components/admin-list';
import { DecisionBanner } from '@/features/admin/components/decision-banner';
import { SelectField } from '@/features/admin/components/field';
import { PlayerCell, SignedNaira } from '@/features/admin/components/money-cells';
import { WithdrawalActions } from '@/features/admin/components/withdrawal-actions';
import type { AdminTransaction, AdminWithdrawal, WithdrawalDecision } from '@/features/admin/types';
import './money-admin.css';

const TYPES = [
  { value: '', label: 'All types' },
  ...['deposit', 'withdrawal', 'stake', 'win', 'tax', 'refund', 'adjustment'].map((value) => ({
    value,
    label: value.charAt(0).toUpperCase() + value.slice(1),
  })),
];

const STATUSES = [
  { value: '', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'success', label: 'Success' },
  { value: 'failed', label: 'Failed' },
  { value: 'reversed', label: 'Reversed' },
];

const WITHDRAWAL_WORDS: Record<string, string> = { success: 'Paid' };

type View = 'all' | 'pending';
type Decide = (decision: WithdrawalDecision) => void;

function transactionColumns(onDecided: Decide): Column<AdminTransaction>[] {
  return [
    {
      key: 'created_at',
      header: 'When',
      sortable: true,
      cell: (t) => <span className="nowrap">{formatShortDateTimeWAT(t.created_at)}</span>,
    },
    { key: 'player_name', header: 'Player', sortable: true, cell: (t) => <PlayerCell row={t} /> },
    { key: 'type', header: 'Type', sortable: true, cell: typeWord },
    // A withdrawal's own status says more than its ledger row's (processing, rejected, paid).
    { key: 'status', header: 'Status', sortable: true, cell: (t) => <TransactionStatus row={t} /> },
    { key: 'amount', header: 'Amount', sortable: true, numeric: true, cell: (t) => <SignedNaira kobo={t.amount} /> },
    {
      key: 'reference',
      header: 'Reference',
      cell: (t) => (
        <>
          <span className="break">{t.reference ?? '–'}</span>
          {t.description ? <span className="admin-note">{t.description}</span> : null}
        </>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      cell: (t) =>
        t.withdrawal ? (
          <WithdrawalActions withdrawal={t.withdrawal} player={t.player_name} onDecided={onDecided} />
        ) : null,
    },
  ];
}

function withdrawalColumns(onDecided: Decide): Column<AdminWithdrawal>[] {
  return [
    {
      key: 'created_at',
      header: 'Requested',
      sortable: true,
      cell: (w) => <span className="nowrap">{formatShortDateTimeWAT(w.created_at)}</span>,
    },
    { key: 'player_name', header: 'Player', sortable: true, cell: (w) => <PlayerCell row={w} id={w.user_id} /> },
    { key: 'amount', header: 'Amount', sortable: true, numeric: true, cell: (w) => formatNaira(w.amount) },
    {
      key: 'account_name',
      header: 'Pay to',
      sortable: true,
      cell: (w) => (
        <>
          {w.account_name}
          <span className="admin-note">
            {w.bank_name} · {w.account_number}
          </span>
        </>
      ),
    },
    { key: 'status', header: 'Status', sortable: true, cell: (w) => <StatusBadge status={w.status} /> },
    {
      key: 'action',
      header: 'Action',
      cell: (w) => <WithdrawalActions withdrawal={w} player={w.player_name} onDecided={onDecided} />,
    },
  ];
}

function TransactionStatus({ row: t }: { row: AdminTransaction }) {
  return t.withdrawal ? (
    <StatusBadge status={t.withdrawal.status} label={WITHDRAWAL_WORDS[t.withdrawal.status]} />
  ) : (
    <StatusBadge status={t.status} />
  );
}

const typeWord = (t: AdminTransaction) => t.type.charAt(0).toUpperCase() + t.type.slice(1);

/** On a phone a row reads as a sentence: what, how much, whose, then what to do. */
function TransactionCard({ row: t, onDecided }: { row: AdminTransaction; onDecided: Decide }) {
  return (
    <article className="admin-item" aria-label={`${typeWord(t)} #${t.id}`}>
      <div className="admin-item__head">
        <strong className="admin-item__title">
          {typeWord(t)} <SignedNaira kobo={t.amount} />
        </strong>
        <TransactionStatus row={t} />
      </div>
      <div>
        <PlayerCell row={t} />
      </div>
      {t.description ? <p className="admin-note">{t.description}</p> : null}
      <p className="admin-note">
        {formatShortDateTimeWAT(t.created_at)} · <span className="break">{t.reference}</span>
      </p>
      {t.withdrawal ? (
        <WithdrawalActions withdrawal={t.withdrawal} player={t.player_name} onDecided={onDecided} />
      ) : null}
    </article>
  );
}

function WithdrawalCard({ withdrawal: w, onDecided }: { withdrawal: AdminWithdrawal; onDecided: Decide }) {
  return (
    <article className="admin-item" aria-label={`Withdrawal #${w.id}`}>
      <div className="admin-item__head">
        <strong className="admin-item__title">{formatNaira(w.amount)}</strong>
        <StatusBadge status={w.status} />
      </div>
      <div>
        <PlayerCell row={w} id={w.user_id} />
      </div>
      <p className="admin-note">
        To {w.account_name} · {w.bank_name} · {w.account_number}
      </p>
      <p className="admin-note">Requested {formatShortDateTimeWAT(w.created_at)}</p>
      <WithdrawalActions withdrawal={w} player={w.player_name} onDecided={onDecided} />
    </article>
  );
}

export function MoneyTransactions() {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('all');
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [decision, setDecision] = useState<WithdrawalDecision | null>(null);
  const txColumns = useMemo(() => transactionColumns(setDecision), []);
  const wColumns = useMemo(() => withdrawalColumns(setDecision), []);

  // A player asked for a withdrawal, or another admin decided one: the dashboard figures moved, so do the lists.
  useRealtimeMessage(['dashboard.updated'], () => {
    void queryClient.invalidateQueries({ queryKey: adminListKey(ADMIN_TRANSACTIONS_PATH) });
    void queryClient.invalidateQueries({ queryKey: adminListKey(ADMIN_WITHDRAWALS_PATH) });
  });

  return (
    <div className="money-admin">
      <div className="segmented" role="group" aria-label="Show">
        <button
          type="button"
          className="chip"
          aria-pressed={view === 'all'}
          onClick={() => setView('all')}
        >
          All transactions
        </button>
        <button
          type="button"
          className="chip"
          aria-pressed={view === 'pending'}
          onClick={() => setView('pending')}
        >
          Pending withdrawals
        </button>
      </div>

      <DecisionBanner decision={decision} onDismiss={() => setDecision(null)} />

      {view === 'all' ? (
        <>
          <div className="money-admin__filters">
            <SelectField label="Type" value={type} onChange={setType} options={TYPES} />
            <SelectField label="Status" value={status} onChange={setStatus} options={STATUSES} />
          </div>
          <AdminList<AdminTransaction>
            path={ADMIN_TRANSACTIONS_PATH}
            caption="Transactions"
            columns={txColumns}
            rowKey={(t) => t.id}
            filters={{ type, status }}
            searchLabel="Search transactions"
            searchPlaceholder="Player, email, reference or description"
            emptyMessage="No transactions match."
            renderCard={(t) => <TransactionCard row={t} onDecided={setDecision} />}
          />
        </>
      ) : (
        <AdminList<AdminWithdrawal>
          path={ADMIN_WITHDRAWALS_PATH}
          caption="Pending withdrawals"
          columns={wColumns}
          rowKey={(w) => w.id}
          filters={{ status: 'pending' }}
          initial={{ sortType: 'asc' }}
          searchLabel="Search withdrawals"
          searchPlaceholder="Player, email, bank or account"
          emptyMessage="No withdrawals are waiting. New requests appear here as they arrive."
          renderCard={(w) => <WithdrawalCard withdrawal={w} onDecided={setDecision} />}
        />
      )}
    </div>
  );
}
