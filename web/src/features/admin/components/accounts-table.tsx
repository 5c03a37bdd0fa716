/** /boss/accounts: every player's saved bank account (GET /admin/accounts), each with a link to the player. */
import type { Column } from '@/components/data-table/column';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import { ADMIN_ACCOUNTS_PATH } from '@/features/admin/api/withdrawals';
import { AdminList } from '@/features/admin/components/admin-list';
import { PlayerCell } from '@/features/admin/components/money-cells';
import type { AdminBankAccount } from '@/features/admin/types';
import './money-admin.css';

const COLUMNS: Column<AdminBankAccount>[] = [
  { key: 'player_name', header: 'Player', sortable: true, cell: (a) => <PlayerCell row={a} id={a.user_id} /> },
  { key: 'bank_name', header: 'Bank', sortable: true, cell: (a) => a.bank_name },
  {
    key: 'account_number',
    header: 'Account number',
    sortable: true,
    cell: (a) => <span className="nowrap">{a.account_number}</span>,
  },
  { key: 'account_name', header: 'Account name', sortable: true, cell: (a) => a.account_name },
  {
    key: 'updated_at',
    header: 'Saved',
    sortable: true,
    cell: (a) => <span className="nowrap">{formatShortDateTimeWAT(a.updated_at)}</span>,
  },
];

export function AccountsTable() {
  return (
    <AdminList<AdminBankAccount>
      path={ADMIN_ACCOUNTS_PATH}
      caption="Players’ bank accounts"
      columns={COLUMNS}
      rowKey={(a) => a.user_id}
      searchLabel="Search accounts"
      searchPlaceholder="Player, email, bank, number or account name"
      emptyMessage="No player has saved a bank account yet."
    />
  );
}
