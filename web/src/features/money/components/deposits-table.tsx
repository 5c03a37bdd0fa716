/**
 * The player's deposits (GET /deposits) as a docs/product.md §15 table, newest first; refetched on `wallet.updated`.
 */
import { useCallback } from 'react';
import type { Column } from '@/components/data-table/column';
import { DataTable } from '@/components/data-table/data-table';
import { tableParams, useTableQuery, type TableQuery } from '@/components/data-table/table-query';
import { formatNaira } from '@/lib/format';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import type { Deposit } from '@/types/money';
import { useServerTime } from '@/lib/server-clock';
import { useDeposits } from '../api/deposits';
import { depositNote, depositStatusWord, isExpiredDeposit } from '../lib/labels';
import { MoneyBadge } from './money-badge';
import { When } from './when';
import './money.css';

const COLUMNS: Column<Deposit>[] = [
  { key: 'created_at', header: 'Date', sortable: true, cell: (d) => <When at={d.created_at} /> },
  { key: 'amount', header: 'Amount', sortable: true, numeric: true, cell: (d) => formatNaira(d.amount) },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    cell: (d) => <DepositStatusCell deposit={d} />,
  },
  { key: 'reference', header: 'Reference', cell: (d) => <span className="money-ref">{d.reference}</span> },
];

/** The status and its note; a pending checkout turns "Expired" the second it closes, with no reload. */
function useDepositWords(d: Deposit) {
  const expired = useServerTime((now) => isExpiredDeposit(d, now));
  return { word: depositStatusWord(d, expired), note: depositNote(d, expired) };
}

function DepositStatusCell({ deposit }: { deposit: Deposit }) {
  const { word, note } = useDepositWords(deposit);
  return (
    <>
      <MoneyBadge word={word} testId="deposit-status" />
      {note ? <div className="money-note">{note}</div> : null}
    </>
  );
}

function DepositCard({ deposit: d }: { deposit: Deposit }) {
  const { word, note } = useDepositWords(d);
  return (
    <article className="money-card" aria-label={`Deposit of ${formatNaira(d.amount)}`}>
      <div className="money-card__head">
        <strong className="money-card__amount">{formatNaira(d.amount)}</strong>
        <MoneyBadge word={word} testId="deposit-status" />
      </div>
      {note ? <p className="money-card__line">{note}</p> : null}
      <p className="money-card__line money-card__muted">{formatShortDateTimeWAT(d.created_at)}</p>
      <p className="money-card__line money-card__muted money-ref">{d.reference}</p>
    </article>
  );
}

export function DepositsTable() {
  const [query, setQuery] = useTableQuery();
  const deposits = useDeposits(tableParams(query));
  const onQueryChange = useCallback((next: TableQuery) => setQuery(next), [setQuery]);
  return (
    <DataTable
      caption="My deposits"
      columns={COLUMNS}
      rows={deposits.data?.data}
      total={deposits.data?.meta?.total ?? 0}
      rowKey={(d) => d.reference}
      query={query}
      onQueryChange={onQueryChange}
      loading={deposits.isFetching}
      failed={deposits.isError && !deposits.data}
      onRetry={() => void deposits.refetch()}
      renderCard={(d) => <DepositCard deposit={d} />}
      searchLabel="Search deposits"
      searchPlaceholder="Reference or status"
      emptyMessage={query.search ? <p>No deposits match “{query.search}”.</p> : <p>No deposits yet.</p>}
    />
  );
}
