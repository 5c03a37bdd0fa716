import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { RECONNECTING_GRACE_MS } from '@/lib/use-live-connection';
import { makeLogin, makeUser } from '@/testing/data';
import { latestSocket, sendSnapshot } from '@/testing/live-socket';
import { openSocket, routeFetch, walletUpdated } from '@/testing/money';
import { renderApp } from '@/testing/render-app';
import type { Transaction } from '@/types/lotto';

const deposit: Transaction = {
  id: 17,
  type: 'deposit',
  status: 'success',
  amount: 500_000,
  balance_after: 500_000,
  reference: 'AYO-16-AB21C8D13A2E',
  description: 'Deposit via the sandbox gateway',
  created_at: '2026-11-22T08:00:17.742Z',
};
const stake: Transaction = {
  id: 18,
  type: 'stake',
  status: 'success',
  amount: -15_000,
  balance_after: 485_000,
  reference: 'ticket:55',
  description: 'Ticket #55, draw #31',
  created_at: '2026-11-22T08:01:00.000Z',
};

let rows: Transaction[];
beforeEach(() => {
  saveLogin(makeLogin());
  rows = [stake, deposit];
});
afterEach(() => {
  vi.useRealTimers();
  act(() => clearSession());
  vi.unstubAllGlobals();
});

/** Every GET /transactions asked for, as its query parameters. */
function serve() {
  const { fetchMock, calls } = routeFetch((_, path) => {
    if (path === '/auth/profiles') return { body: { data: makeUser() } };
    if (path === '/accounts/banks') return { body: { data: [] } };
    if (path.startsWith('/transactions?')) return { body: { data: rows, meta: { total: rows.length } } };
    if (path === '/accounts') return { body: { data: null } };
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return () =>
    calls
      .filter((c) => c.path.startsWith('/transactions?'))
      .map((c) => Object.fromEntries(new URLSearchParams(c.path.split('?')[1])));
}

describe('/user/transactions', () => {
  it('shows the ledger newest first: type, status, signed amount, balance after, reference, WAT date', async () => {
    const asked = serve();
    renderApp('/user/transactions');
    const table = await screen.findByRole('table', { name: 'My transactions' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Stake');
    expect(first).toHaveTextContent('−₦150.00');
    expect(first).toHaveTextContent('₦4,850.00');
    expect(first).toHaveTextContent('ticket:55');
    expect(first).toHaveTextContent('22 Nov 2026');
    expect(first).toHaveTextContent('9:01 am WAT');
    expect(second).toHaveTextContent('+₦5,000.00');
    expect(within(second as HTMLElement).getByTestId('transaction-status')).toHaveTextContent('Successful');
    expect(asked()[0]).toEqual({ page: '1', per_page: '20', sort_by: 'created_at', sort_type: 'desc' });
  });

  it('sends the type, status and dates as filters, back on page 1', async () => {
    const asked = serve();
    renderApp('/user/transactions');
    await screen.findByRole('table', { name: 'My transactions' });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'withdrawal');
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ type: 'withdrawal', page: '1' }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => expect(asked().at(-1)).toMatchObject({ type: 'withdrawal', status: 'pending' }));

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    // Day first, as Nigeria writes it; the slashes come by themselves.
    await userEvent.type(from, '20112026');
    expect(from).toHaveValue('20/11/2026');
    await userEvent.type(to, '01/11/2026');
    expect(to).toHaveAccessibleDescription('The end date is before the start date');
    expect(asked().some((q) => q.to === '2026-11-01')).toBe(false);
    await userEvent.clear(to);
    await userEvent.type(to, '22/11/2026');
    await waitFor(() =>
      expect(asked().at(-1)).toEqual({
        type: 'withdrawal',
        status: 'pending',
        from: '2026-11-20',
        to: '2026-11-22',
        page: '1',
        per_page: '20',
        sort_by: 'created_at',
        sort_type: 'desc',
      }),
    );

    // Cleared: the unfiltered first page again (from the cache: it was asked for a moment ago).
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('Type')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(within(await screen.findByRole('table', { name: 'My transactions' })).getAllByRole('row')).toHaveLength(3);
  });

  it('downloads the CSV with the filters and the bearer token, under the server’s file name', async () => {
    serve();
    const csv = 'date,id,type\r\n2026-11-22T08:00:17.742Z,17,deposit\r\n';
    const exports: { url: string; auth: string | null }[] = [];
    const base = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.includes('/transactions/export')) return base(input, init);
      exports.push({ url, auth: new Headers(init?.headers).get('Authorization') });
      return new Response(csv, {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="ayo-lotto-transactions-2026-11-22.csv"',
        },
      });
    });
    const created: Blob[] = [];
    // jsdom has no object URLs: stand-ins for this test only.
    const urlApi = URL as unknown as Record<string, unknown>;
    const saved = { create: urlApi.createObjectURL, revoke: urlApi.revokeObjectURL };
    urlApi.createObjectURL = (blob: Blob) => (created.push(blob), 'blob:csv');
    urlApi.revokeObjectURL = () => {};
    onTestFinished(() => {
      urlApi.createObjectURL = saved.create;
      urlApi.revokeObjectURL = saved.revoke;
    });
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });

    renderApp('/user/transactions');
    await screen.findByRole('table', { name: 'My transactions' });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'deposit');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicks).toEqual(['ayo-lotto-transactions-2026-11-22.csv']));
    expect(exports).toEqual([{ url: '/api/v1/transactions/export?type=deposit', auth: 'Bearer token-abc' }]);
    expect(await created[0]?.text()).toBe(csv);
    click.mockRestore();
  });

  it('refetches on wallet.updated, so a new row shows without a reload', async () => {
    serve();
    renderApp('/user/transactions');
    const table = await screen.findByRole('table', { name: 'My transactions' });
    rows = [
      {
        id: 21,
        type: 'withdrawal',
        status: 'pending',
        amount: -150_000,
        balance_after: 335_000,
        reference: 'withdrawal:20',
        description: 'Withdrawal to Guaranty Trust Bank (GTBank) ••••6785 (awaiting approval)',
        created_at: '2026-11-22T08:02:00.000Z',
        withdrawal_id: 20,
      },
      ...rows,
    ];
    walletUpdated(openSocket(), 335_000);
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('awaiting approval'));
  });

  it('says "Reconnecting…" while the socket is down, and the bank account page, which shows nothing live, does not', async () => {
    serve();
    const { router } = renderApp('/user/transactions');
    await screen.findByRole('table', { name: 'My transactions' });
    act(() => latestSocket().open());
    sendSnapshot({ wallet: { balance: 125_000 } });

    vi.useFakeTimers();
    act(() => latestSocket().serverCloses());
    act(() => vi.advanceTimersByTime(RECONNECTING_GRACE_MS));
    expect(screen.getByText('Reconnecting…').closest('[role="status"]')).toHaveTextContent(
      'Your balance, tickets and payments may be out of date',
    );

    vi.useRealTimers();
    await act(() => router.navigate('/user/bank-account'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank account' })).toBeInTheDocument();
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
    // The header's balance is still marked: it is on every page.
    expect(screen.getByRole('link', { name: /Balance/ })).toHaveAccessibleName(/may be out of date/);
  });
});
