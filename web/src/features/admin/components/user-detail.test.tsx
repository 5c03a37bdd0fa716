import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/lib/toast-store';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { makeTicket } from '@/testing/lotto';
import { routeFetch } from '@/testing/money';
import { renderApp } from '@/testing/render-app';
import { requestParts, tablePage } from '@/testing/table';
import type { Ticket, Transaction } from '@/types/lotto';

const ADMIN = makeUser({ id: 1, role: 'admin', name: 'Admin' });
const PLAYER = makeUser({ id: 7, name: 'Ada Obi' });
const FIRST_PAGE = { page: '1', per_page: '20', sort_by: 'created_at', sort_type: 'desc' };

function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 30,
    type: 'deposit',
    status: 'success',
    amount: 500_000,
    balance_after: 625_000,
    reference: 'AYO-16-AB21C8D13A2E',
    description: 'Card deposit',
    created_at: '2026-11-22T08:00:11Z',
    ...overrides,
  };
}

let tickets: Ticket[];
let transactions: Transaction[];

beforeEach(() => {
  saveLogin(makeLogin({ user: ADMIN }));
  act(() => toastStore.set([]));
  tickets = [makeTicket({ id: 55, status: 'won', winnings: 240_000 })];
  transactions = [transaction()];
});
afterEach(() => {
  act(() => {
    clearSession();
    toastStore.set([]);
  });
  vi.unstubAllGlobals();
});

function serve() {
  const { fetchMock, calls } = routeFetch((method, path) => {
    if (path === '/auth/profiles') return { body: { data: ADMIN } };
    // The detail still carries its old embedded lists for a while; the page must read the tables instead.
    if (path === '/admin/users/7') {
      const stale = {
        tickets: [makeTicket({ id: 999 })],
        transactions: [transaction({ id: 999, description: 'Stale row' })],
      };
      return { body: { data: { ...PLAYER, ...stale, activities: [] } } };
    }
    if (path.startsWith('/admin/users/7/tickets?')) return tablePage(tickets, tickets.length === 0 ? 0 : 41);
    if (path.startsWith('/admin/users/7/transactions?')) return tablePage(transactions);
    if (method === 'POST' && path === '/admin/users/7/adjust') {
      return { body: { data: { balance: 275_000, transaction: transaction({ id: 31, type: 'adjustment' }) } } };
    }
    return { body: { data: [] } };
  });
  vi.stubGlobal('fetch', fetchMock);
  return (path: string) =>
    calls
      .filter((call) => call.method === 'GET' && call.path.startsWith(`${path}?`))
      .map((call) => requestParts(call.path).params);
}

describe('a player’s record in /boss/users/{id}', () => {
  it('says their state, NIN check, bank account (masked) and break', async () => {
    const { fetchMock } = routeFetch((_, path) => {
      if (path === '/auth/profiles') return { body: { data: ADMIN } };
      if (path === '/admin/users/7') {
        const record = {
          ...PLAYER,
          state: 'LA',
          activities: [],
          identity: { status: 'verified', kind: 'nin', masked_nin: '•••••••6789', updated_at: '2026-11-20T10:00:00Z' },
          bank_account: {
            bank_name: 'GTBank',
            masked_account_number: '••••6785',
            account_name: 'ADA OBI',
            updated_at: '2026-11-20T10:00:00Z',
            withdrawals_held_until: null,
          },
          protection: {
            kind: 'self_exclusion',
            period: '1y',
            starts_at: '2026-11-26T10:00:00Z',
            ends_at: '2027-11-26T10:00:00Z',
          },
        };
        return { body: { data: record } };
      }
      return { body: { data: [], meta: { total: 0 } } };
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/boss/users/7');
    const profile = await screen.findByRole('region', { name: 'Profile' });
    const row = (term: string) => within(profile).getByText(term).closest('div');
    await waitFor(() => expect(row('State')).toHaveTextContent('Lagos State'));
    expect(row('NIN check')).toHaveTextContent('Verified · NIN •••••••6789');
    expect(row('Bank account')).toHaveTextContent('GTBank ••••6785 · ADA OBI');
    expect(row('Protection')).toHaveTextContent('Self-excluded until 26 Nov 2027');
    expect(profile).not.toHaveTextContent('0123456785');
  });

  it('says plainly what a new player has not given yet', async () => {
    serve();
    renderApp('/boss/users/7');
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('NIN check').closest('div')).toHaveTextContent('Not given yet');
    expect(within(profile).getByText('Bank account').closest('div')).toHaveTextContent('None saved');
    expect(within(profile).getByText('Protection').closest('div')).toHaveTextContent('No break in force');
  });
});

describe('a player’s tickets and transactions in /boss/users/{id}', () => {
  it('are server-paged tables of their own, not the lists embedded in the player', async () => {
    const requests = serve();
    renderApp('/boss/users/7');
    const ticketsTable = await screen.findByRole('table', { name: 'Ada Obi’s tickets' });
    const ticket = within(ticketsTable).getByRole('row', { name: /#55/ });
    expect(ticket).toHaveTextContent('Ayo Express');
    expect(ticket).toHaveTextContent('₦150.00');
    expect(ticket).toHaveTextContent('₦2,400.00');
    expect(requests('/admin/users/7/tickets').at(-1)).toEqual(FIRST_PAGE);
    expect(screen.getByText('1–20 of 41')).toBeInTheDocument();

    const ledger = await screen.findByRole('table', { name: 'Ada Obi’s transactions' });
    expect(within(ledger).getByRole('row', { name: /Card deposit/ })).toHaveTextContent('+₦5,000.00');
    expect(requests('/admin/users/7/transactions').at(-1)).toEqual(FIRST_PAGE);
    expect(screen.queryByText('#999')).not.toBeInTheDocument();
    expect(screen.queryByText('Stale row')).not.toBeInTheDocument();

    const ticketPages = screen.getByRole('navigation', { name: 'Ada Obi’s tickets pages' });
    await userEvent.click(within(ticketPages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requests('/admin/users/7/tickets').at(-1)).toEqual({ ...FIRST_PAGE, page: '2' }));
    await userEvent.click(within(ticketsTable).getByRole('button', { name: /Stake/ }));
    await waitFor(() =>
      expect(requests('/admin/users/7/tickets').at(-1)).toEqual({ ...FIRST_PAGE, sort_by: 'total_stake' }),
    );
    await userEvent.type(screen.getByLabelText('Search transactions'), 'card');
    await waitFor(() =>
      expect(requests('/admin/users/7/transactions').at(-1)).toEqual({
        per_page: '20',
        sort_by: 'created_at',
        sort_type: 'desc',
        search: 'card',
      }),
    );
    const [, ledgerSize] = screen.getAllByLabelText('Rows per page');
    await userEvent.selectOptions(ledgerSize as HTMLElement, '50');
    await waitFor(() => expect(requests('/admin/users/7/transactions').at(-1)).toMatchObject({ per_page: '50' }));
  });

  it('say so when the player has none', async () => {
    tickets = [];
    transactions = [];
    serve();
    renderApp('/boss/users/7');
    expect(await screen.findByText('No tickets found.')).toBeInTheDocument();
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument();
  });

  it('read the ledger again after a wallet adjustment', async () => {
    const requests = serve();
    renderApp('/boss/users/7');
    await screen.findByRole('table', { name: 'Ada Obi’s transactions' });
    const before = requests('/admin/users/7/transactions').length;
    await userEvent.type(screen.getByLabelText(/^Amount \(naira\)/), '1500');
    await userEvent.type(screen.getByLabelText(/^Reason/), 'Goodwill credit');
    await userEvent.click(screen.getByRole('button', { name: 'Adjust the wallet' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Adjust this wallet?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit ₦1,500.00' }));
    await waitFor(() => expect(requests('/admin/users/7/transactions').length).toBeGreaterThan(before));
  });
});
