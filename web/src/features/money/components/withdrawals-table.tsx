/**
 * The player's withdrawals (GET /withdrawals) as a docs/product.md §15 table, newest first. Each status change an admin
 * or the bank makes arrives as `wallet.updated`, which refetches this list: the badge changes without a reload.
 */
import { useCallback } from 'react';
import type { Column } from '@/components/data-table/column';
import { DataTable } from '@/components/data-table/data-table';
import { tableParams, useTableQuery, type TableQuery } from '@/components/data-table/table-query';
import { formatNaira } from '@/lib/format';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import type { Withdrawal } from '@/types/money';
import { useWithdrawals } from '../api/withdrawals';
import { statusNote } from '../lib/labels';
import { maskAccountNumber } from '../lib/nuban';
import { When } from './when';
import { WithdrawalStatusBadge } from './withdrawal-status-badge';
import './money.css';

function StatusCell({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <div className="withdrawal-status">
      <WithdrawalStatusBadge status={withdrawal.status} />
      <span className="money-note">{statusNote(withdrawal)}</span>
    </div>
  );
}

const account = (w: Withdrawal) => `${w.bank_name} ${maskAccountNumber(w.account_number)}`;

const COLUMNS: Column<Withdrawal>[] = [
  { key: 'created_at', header: 'Requested', sortable: true, cell: (w) => <When at={w.created_at} /> },
  { key: 'amount', header: 'Amount', sortable: true, numeric: true, cell: (w) => formatNaira(w.amount) },
  { key: 'bank_name', header: 'To', sortable: true, cell: account },
  { key: 'status', header: 'Status', sortable: true, cell: (w) => <StatusCell withdrawal={w} /> },
];

function WithdrawalCard({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <article className="money-card" aria-label={`Withdrawal of ${formatNaira(withdrawal.amount)}`}>
      <div className="money-card__head">
        <strong className="money-card__amount">{formatNaira(withdrawal.amount)}</strong>
        <WithdrawalStatusBadge status={withdrawal.status} />
      </div>
      <p className="money-card__line">To {account(withdrawal)}</p>
      <p className="money-card__line money-card__muted">{statusNote(withdrawal)}</p>
      <p className="money-card__line money-card__muted">Requested {formatShortDateTimeWAT(withdrawal.created_at)}</p>
    </article>
  );
}

export function WithdrawalsTable() {
  const [query, setQuery] = useTableQuery();
  const withdrawals = useWithdrawals(tableParams(query));
  const onQueryChange = useCallback((next: TableQuery) => setQuery(next), [setQuery]);
  return (
    <DataTable
      caption="My withdrawals"
      columns={COLUMNS}
      rows={withdrawals.data?.data}
      total={withdrawals.data?.meta?.total ?? 0}
      rowKey={(w) => w.id}
      query={query}
      onQueryChange={onQueryChange}
      loading={withdrawals.isFetching}
      failed={withdrawals.isError && !withdrawals.data}
      onRetry={() => void withdrawals.refetch()}
      searchLabel="Search withdrawals"
      searchPlaceholder="Status, bank or account number"
      renderCard={(w) => <WithdrawalCard withdrawal={w} />}
      emptyMessage={query.search ? <p>No withdrawals match “{query.search}”.</p> : <p>No withdrawals yet.</p>}
    />
  );
}
