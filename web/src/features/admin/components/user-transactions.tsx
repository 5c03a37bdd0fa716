/**
 * A player's ledger on their back-office page (GET /admin/users/{id}/transactions), a docs/product.md §15 table, newest
 * first.
 */
import type { Column } from '@/components/data-table/column';
import { formatNaira } from '@/lib/format';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import { userTransactionsPath } from '@/features/admin/api/get-user';
import { Missing, StatusBadge } from '@/features/admin/components/admin-ui';
import { AdminList } from '@/features/admin/components/admin-list';
import { SignedNaira } from '@/features/admin/components/money-cells';
import type { Transaction } from '@/types/lotto';

const COLUMNS: Column<Transaction>[] = [
  {
    key: 'created_at',
    header: 'When',
    sortable: true,
    cell: (tx) => <span className="nowrap">{formatShortDateTimeWAT(tx.created_at)}</span>,
  },
  { key: 'type', header: 'Type', sortable: true, cell: (tx) => tx.type.charAt(0).toUpperCase() + tx.type.slice(1) },
  { key: 'status', header: 'Status', sortable: true, cell: (tx) => <StatusBadge status={tx.status} /> },
  { key: 'amount', header: 'Amount', sortable: true, numeric: true, cell: (tx) => <SignedNaira kobo={tx.amount} /> },
  {
    key: 'balance_after',
    header: 'Balance after',
    sortable: true,
    numeric: true,
    cell: (tx) => formatNaira(tx.balance_after),
  },
  {
    key: 'description',
    header: 'Description',
    cell: (tx) => (
      <>
        {tx.description || <Missing />}
        {tx.reference ? <span className="admin-note break">{tx.reference}</span> : null}
      </>
    ),
  },
];

export function UserTransactions({ userId, userName }: { userId: number; userName: string }) {
  return (
    <AdminList<Transaction>
      path={userTransactionsPath(userId)}
      caption={`${userName}’s transactions`}
      columns={COLUMNS}
      rowKey={(tx) => tx.id}
      searchLabel="Search transactions"
      searchPlaceholder="Description, reference or id"
      emptyMessage="No transactions found."
    />
  );
}
