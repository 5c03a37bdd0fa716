import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderApp } from '@/testing/render-app';
import type { DashboardFigures } from '@/features/admin/types';

function figures(overrides: Partial<DashboardFigures> = {}): DashboardFigures {
  const series = Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10);
    return { date: day, deposits: i * 10_000, stakes: i === 29 ? 250_000 : 0, wins: 0, ggr: i === 29 ? 250_000 : 0 };
  });
  return {
    players_total: 1_200,
    players_new_today: 3,
    players_verified: 900,
    deposits: 4_350_000,
    stakes: 250_000,
    wins: 0,
    ggr: 250_000,
    today: { deposits: 290_000, stakes: 250_000, wins: 0, ggr: 250_000 },
    pending_withdrawals: { count: 2, amount: 300_000 },
    this_month: { month: '2026-11', tax_withheld: 9_750 },
    series,
    ...overrides,
  };
}

describe('the dashboard', () => {
  let calls = 0;
  let queueCalls = 0;
  let queues = { withdrawals: 2, identity_reviews: 0, approvals: 1, messages: 0, held_draws: 0 };
  beforeEach(() => {
    calls = 0;
    queueCalls = 0;
    saveLogin(makeLogin({ user: makeUser({ role: 'admin', email: 'admin@ayolotto.demo' }) }));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input).replace(/^\/api\/v1/, '');
      if (url === '/admin/dashboard') calls += 1;
      if (url === '/admin/queues') queueCalls += 1;
      const body =
        url === '/admin/dashboard' ? { data: figures() } : url === '/admin/queues' ? { data: queues } : { data: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the figures in naira, charts with spoken summaries, and follows dashboard.updated', async () => {
    renderApp('/boss/dashboard');
    expect(await screen.findByTestId('stat-players_total')).toHaveTextContent('1,200');
    expect(screen.getByTestId('stat-deposits')).toHaveTextContent('₦43,500.00');
    expect(screen.getByTestId('stat-pending_withdrawals')).toHaveTextContent('2');
    expect(screen.getByText('₦3,000.00 waiting for approval')).toBeInTheDocument();
    expect(screen.getByTestId('stat-tax_this_month')).toHaveTextContent('₦97.50');
    expect(screen.getByText('November 2026 so far (WAT) · owed to the states')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /^Stakes per day, 24 Oct to 22 Nov: total ₦2,500.00; highest ₦2,500.00 on 22 Nov/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Daily totals, oldest first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Updating every 10 s')).toBeInTheDocument();

    const socket = FakeWebSocket.latest();
    act(() => socket?.open());
    // The provider authenticates the socket with the admin's token; the server then sends `admin` events.
    expect(socket?.sent.map((raw) => JSON.parse(raw).type)).toContain('auth');
    await waitFor(() => expect(screen.getByText('Live')).toBeInTheDocument());
    act(() =>
      socket?.serverSends({ type: 'dashboard.updated', topic: 'admin', seq: 1, data: figures({ players_total: 1_201 }) }),
    );
    await waitFor(() => expect(screen.getByTestId('stat-players_total')).toHaveTextContent('1,201'));
    expect(calls).toBe(1);
  });

  it('says what needs doing: a count beside each section of the menu, and a card per queue', async () => {
    renderApp('/boss/dashboard');
    const menu = await screen.findByRole('navigation', { name: 'Back office' });
    await waitFor(() =>
      expect(within(menu).getByRole('link', { name: 'Transactions, 2 withdrawals waiting' })).toBeInTheDocument(),
    );
    expect(within(menu).getByRole('link', { name: 'Approvals, 1 adjustment to approve' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Identity reviews' })).toBeInTheDocument();

    const needs = screen.getByRole('region', { name: 'Needs doing' });
    expect(within(needs).getByRole('link', { name: '2 withdrawals waiting' })).toHaveAttribute('href', '/boss/transactions');
    expect(within(needs).getByRole('link', { name: 'No identity checks to review' })).toHaveAttribute(
      'href',
      '/boss/identity-reviews',
    );

    // A change on the live dashboard asks for the counts again.
    queues = { ...queues, withdrawals: 3 };
    const socket = FakeWebSocket.latest();
    act(() => socket?.open());
    const before = queueCalls;
    act(() => socket?.serverSends({ type: 'dashboard.updated', topic: 'admin', seq: 1, data: figures() }));
    await waitFor(() => expect(queueCalls).toBeGreaterThan(before));
    await waitFor(() =>
      expect(within(menu).getByRole('link', { name: 'Transactions, 3 withdrawals waiting' })).toBeInTheDocument(),
    );
  });
});
