/**
 * /user/transactions: the ledger (GET /transactions) as a docs/product.md §15 table — page, rows per page, search,
 * sort, newest first — with the type, status and date filters and a CSV export of exactly what is filtered. Every
 * `wallet.updated` refetches it, so a deposit credited or a withdrawal decided shows without a reload.
 */
import { useCallback, useState } from 'react';
import type { Column } from '@/components/data-table/column';
import { DataTable } from '@/components/data-table/data-table';
import { useTableQuery, type TableQuery } from '@/components/data-table/table-query';
import { formatNaira } from '@/lib/format';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import type { Transaction } from '@/types/lotto';
import { useTransactions } from '../api/transactions';
import { TRANSACTION_TYPE, transactionStatusWord } from '../lib/labels';
import { checkDateRange, hasFilters, NO_FILTERS, type TransactionFilters as Filters } from '../lib/transaction-filters';
import { ExportButton } from './export-button';
import { MoneyBadge } from './money-badge';
import { When } from './when';
import { SignedAmount } from './signed-amount';
import { TransactionFilters } from './transaction-filters';
import './money.css';

const typeLabel = (t: Transaction) => TRANSACTION_TYPE[t.type] ?? t.type;
const statusBadge = (t: Transaction) => (
  <MoneyBadge word={transactionStatusWord(t)} testId="transaction-status" />
);

const COLUMNS: Column<Transaction>[] = [
  { key: 'created_at', header: 'Date', sortable: true, cell: (t) => <When at={t.created_at} /> },
  { key: 'type', header: 'Type', sortable: true, cell: typeLabel },
  { key: 'status', header: 'Status', sortable: true, cell: statusBadge },
  { key: 'amount', header: 'Amount', sortable: true, numeric: true, cell: (t) => <SignedAmount kobo={t.amount} /> },
  {
    key: 'balance_after',
    header: 'Balance after',
    sortable: true,
    numeric: true,
    cell: (t) => formatNaira(t.balance_after),
  },
  {
    // One column for both, so the description has room to read on a laptop.
    key: 'description',
    header: 'Description and reference',
    cell: (t) => (
      <span className="money-desc">
        {t.description ?? '–'}
        {t.reference ? <span className="money-note money-ref">{t.reference}</span> : null}
      </span>
    ),
  },
];

function TransactionCard({ transaction: t }: { transaction: Transaction }) {
  return (
    <article className="money-card" aria-label={`${typeLabel(t)} ${formatNaira(Math.abs(t.amount))}`}>
      <div className="money-card__head">
        <strong>{typeLabel(t)}</strong>
        {statusBadge(t)}
      </div>
      <p className="money-card__amount">
        <SignedAmount kobo={t.amount} />
      </p>
      {t.description ? <p className="money-card__line">{t.description}</p> : null}
      <p className="money-card__line money-card__muted">
        Balance after {formatNaira(t.balance_after)} · {formatShortDateTimeWAT(t.created_at)}
      </p>
      {t.reference ? <p className="money-card__line money-card__muted money-ref">{t.reference}</p> : null}
    </article>
  );
}

export function TransactionsTable() {
  const [query, setQuery] = useTableQuery();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // A half-typed or impossible range is not sent: the last good filters stay on screen.
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const transactions = useTransactions(query, applied);
  const onQueryChange = useCallback((next: TableQuery) => setQuery(next), [setQuery]);

  const onFilters = (next: Filters) => {
    setFilters(next);
    if (checkDateRange(next)) return;
    setApplied(next);
    setQuery((current) => ({ ...current, page: 1 }));
  };

  return (
    <div className="transactions">
      <div className="transactions__bar">
        <TransactionFilters value={filters} onChange={onFilters} />
        <ExportButton filters={applied} />
      </div>
      <DataTable
        caption="My transactions"
        columns={COLUMNS}
        rows={transactions.data?.data}
        total={transactions.data?.meta?.total ?? 0}
        rowKey={(t) => t.id}
        query={query}
        onQueryChange={onQueryChange}
        loading={transactions.isFetching}
        failed={transactions.isError && !transactions.data}
        onRetry={() => void transactions.refetch()}
        searchLabel="Search transactions"
        searchPlaceholder="Description, reference or id"
        renderCard={(t) => <TransactionCard transaction={t} />}
        emptyMessage={
          query.search || hasFilters(applied) ? (
            <p>No transactions match these filters.</p>
          ) : (
            <p>No transactions yet. Deposits, stakes, wins and withdrawals will be listed here.</p>
          )
        }
      />
    </div>
  );
}
