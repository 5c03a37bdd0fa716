import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { makeBankAccount, makeWithdrawal, routeFetch, type Reply } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import type { Withdrawal } from '@/types/money';
import { AccountsTable } from './accounts-table';
import { MoneyTransactions } from './money-transactions';

const player = {
  player: { id: 7, name: 'Ada Obi', email: 'ada@example.com' },
  player_name: 'Ada Obi',
  player_email: 'ada@example.com',
};

let pending: Withdrawal[];
let approve: Reply;
let reject: Reply;

beforeEach(() => {
  saveLogin(makeLogin({ user: makeUser({ role: 'admin' }) }));
  pending = [makeWithdrawal({ id: 20 })];
  approve = {
    body: {
      data: makeWithdrawal({ id: 20, status: 'success' }),
      transaction: null,
      balance: 350_000,
      message: 'Transfer completed: the withdrawal is paid',
    },
  };
  reject = {
    body: {
      data: makeWithdrawal({ id: 20, status: 'rejected', reason: 'Account under review' }),
      transaction: null,
      balance: 500_000,
      message: "Withdrawal rejected; the money is back in the player's balance",
    },
  };
});
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

function serve() {
  const { fetchMock, calls } = routeFetch((method, path) => {
    if (path.startsWith('/admin/transactions?')) {
      const w = pending[0];
      const rows = w
        ? [
            {
              id: 21,
              type: 'withdrawal',
              status: 'pending',
              amount: -w.amount,
              balance_after: 350_000,
              reference: 'withdrawal:20',
              description: 'Withdrawal to Guaranty Trust Bank (GTBank) ••••6785 (awaiting approval)',
              created_at: w.created_at,
              withdrawal_id: 20,
              withdrawal: w,
              ...player,
            },
          ]
        : [];
      return { body: { data: rows, meta: { total: rows.length } } };
    }
    if (path.startsWith('/admin/withdrawals?')) {
      return { body: { data: pending.map((w) => ({ ...w, ...player })), meta: { total: pending.length } } };
    }
    if (method === 'POST' && path === '/admin/withdrawals/20/approve') {
      if (approve !== 'network-error' && approve.status === undefined) pending = [];
      return approve;
    }
    if (method === 'POST' && path === '/admin/withdrawals/20/reject') return reject;
    if (path.startsWith('/admin/accounts?')) {
      return { body: { data: [{ ...makeBankAccount(), user_id: 7, ...player }], meta: { total: 1 } } };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('/boss/transactions', () => {
  it('filters the ledger by type and status', async () => {
    const calls = serve();
    renderUi(<MoneyTransactions />);
    await screen.findByRole('table', { name: 'Transactions' });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'withdrawal');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => {
      const last = calls.filter((c) => c.path.startsWith('/admin/transactions?')).at(-1)?.path ?? '';
      expect(Object.fromEntries(new URLSearchParams(last.split('?')[1]))).toMatchObject({
        type: 'withdrawal',
        status: 'pending',
        page: '1',
      });
    });
  });

  it('approves a pending withdrawal after a confirmation and announces the outcome', async () => {
    const calls = serve();
    renderUi(<MoneyTransactions />);
    await userEvent.click(screen.getByRole('button', { name: 'Pending withdrawals' }));
    const table = await screen.findByRole('table', { name: 'Pending withdrawals' });
    expect(calls.some((c) => c.path.startsWith('/admin/withdrawals?') && c.path.includes('status=pending'))).toBe(true);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Ada Obi');
    expect(within(row).getByRole('link', { name: 'Ada Obi' })).toHaveAttribute('href', '/boss/users/7');

    await userEvent.click(within(row).getByRole('button', { name: /^Approve withdrawal #20/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve withdrawal #20?' });
    expect(dialog).toHaveTextContent('Send ₦1,500.00 to TUNDE OLADIPO, Guaranty Trust Bank (GTBank) 0123456785');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₦1,500.00' }));

    const decision = await screen.findByTestId('withdrawal-decision');
    expect(decision).toHaveTextContent('Withdrawal #20');
    expect(decision).toHaveTextContent('Paid');
    expect(decision).toHaveTextContent('Transfer completed: the withdrawal is paid');
    expect(calls.filter((c) => c.path === '/admin/withdrawals/20/approve')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText(/No withdrawals are waiting/)).toBeInTheDocument());
  });

  it('shows a failed transfer with its reason', async () => {
    approve = {
      body: {
        data: makeWithdrawal({ id: 20, status: 'failed', reason: 'Sandbox: the receiving bank declined this transfer' }),
        transaction: null,
        balance: 500_000,
        message: 'The transfer failed; the money is back in the player’s balance',
      },
    };
    serve();
    renderUi(<MoneyTransactions />);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await userEvent.click(within(table).getByRole('button', { name: /^Approve withdrawal #20/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₦1,500.00' }));
    const decision = await screen.findByTestId('withdrawal-decision');
    expect(decision).toHaveTextContent('Failed');
    expect(decision).toHaveTextContent('Reason: Sandbox: the receiving bank declined this transfer');
  });

  it('shows the four-eyes refusal of an admin who adjusted the player’s wallet in the dialog', async () => {
    const message = "You adjusted this player's wallet: another admin must approve their withdrawal";
    approve = { status: 422, body: { message, errorCode: 'FOUR_EYES', errors: { withdrawal: [message] } } };
    serve();
    renderUi(<MoneyTransactions />);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await userEvent.click(within(table).getByRole('button', { name: /^Approve withdrawal #20/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve withdrawal #20?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay ₦1,500.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('rejects only with a reason of at least 5 characters, and shows the server’s 422 in the dialog', async () => {
    reject = {
      status: 422,
      body: {
        message: 'This withdrawal is rejected; it cannot be approved',
        errorCode: 'WITHDRAWAL_DECIDED',
        errors: { withdrawal: ['This withdrawal is rejected; it cannot be approved'] },
      },
    };
    const calls = serve();
    renderUi(<MoneyTransactions />);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    await userEvent.click(within(table).getByRole('button', { name: /^Reject withdrawal #20/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject withdrawal #20?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (the player sees it)' });
    await userEvent.type(reason, 'No');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(reason).toHaveAccessibleDescription(/at least 5 characters/);
    expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(false);

    await userEvent.type(reason, 't your account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This withdrawal is rejected; it cannot be approved');
    expect(calls.find((c) => c.path.endsWith('/reject'))?.body).toEqual({ reason: 'Not your account' });
  });
});

describe('/boss/accounts', () => {
  it('lists players’ bank accounts with a link to each player', async () => {
    serve();
    renderUi(<AccountsTable />);
    const table = await screen.findByRole('table', { name: 'Players’ bank accounts' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('0123456785');
    expect(row).toHaveTextContent('TUNDE OLADIPO');
    expect(within(row).getByRole('link', { name: 'Ada Obi' })).toHaveAttribute('href', '/boss/users/7');
  });
});
