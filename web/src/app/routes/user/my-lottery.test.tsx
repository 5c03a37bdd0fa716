import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { RECONNECTING_GRACE_MS } from '@/lib/use-live-connection';
import { makeLogin, makeUser, mockFetch } from '@/testing/data';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { latestSocket, reopenSocket, sendSnapshot } from '@/testing/live-socket';
import { renderApp } from '@/testing/render-app';
import type { Ticket } from '@/types/lotto';

afterEach(() => {
  vi.useRealTimers();
  act(() => clearSession());
  vi.unstubAllGlobals();
});

function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: 55,
    draw_id: 31,
    game_id: 1,
    game_name: 'Ayo Express',
    bet_type: 'PERM2',
    numbers: [7, 21, 45],
    top: null,
    bottom: null,
    lines: 3,
    stake_per_line: 5_000,
    total_stake: 15_000,
    potential_win: 3_600_000,
    status: 'pending',
    lines_won: 0,
    winnings: 0,
    created_at: '2026-11-22T19:00:00.000Z',
    settled_at: null,
    draw: { status: 'open', draws_at: '2026-11-22T19:03:00.000Z', numbers: null, machine_numbers: null },
    ...overrides,
  };
}

describe('/user/my-lottery', () => {
  it('lists my tickets newest first and settles one live from the socket', async () => {
    saveLogin(makeLogin());
    let current = ticket();
    const { fetchMock, calls } = mockFetch({
      'GET /auth/profiles': { body: { data: makeUser() } },
      'GET /accounts/banks': { body: { data: [] } },
      'GET /tickets?page=1&per_page=20&sort_by=created_at&sort_type=desc': () => ({
        body: { data: [current], meta: { total: 1, page: 1, per_page: 20 } },
      }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/my-lottery');

    const table = await screen.findByRole('table', { name: 'My tickets' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('#31');
    expect(row).toHaveTextContent('PERM 2');
    expect(row).toHaveTextContent('7, 21, 45');
    expect(row).toHaveTextContent('₦150.00');
    expect(within(row).getByTestId('ticket-status')).toHaveTextContent('Pending');
    expect(calls.some((call) => call.path.startsWith('/tickets?page=1&per_page=20'))).toBe(true);

    // The socket says the draw paid this ticket (its copy has no game name).
    current = ticket({ status: 'won', lines_won: 1, winnings: 1_200_000 });
    const socket = FakeWebSocket.latest() as FakeWebSocket;
    act(() => {
      socket.open();
      socket.serverSends({ type: 'snapshot', topic: 'snapshot', seq: 0, data: { server_time: new Date().toISOString(), draws: [] } });
      socket.serverSends({ type: 'ticket.settled', topic: 'user:7', seq: 1, data: { ...current, game_name: null } });
    });
    await waitFor(() => expect(within(table).getByTestId('ticket-status')).toHaveTextContent('Won'));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Ayo Express');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('₦12,000.00');
  });

  it('settles a whole draw of my tickets from one tickets.settled, with one refetch', async () => {
    saveLogin(makeLogin());
    let current = [ticket(), ticket({ id: 56, numbers: [1, 2, 3] })];
    const { fetchMock, calls } = mockFetch({
      'GET /auth/profiles': { body: { data: makeUser() } },
      'GET /accounts/banks': { body: { data: [] } },
      'GET /tickets?page=1&per_page=20&sort_by=created_at&sort_type=desc': () => ({
        body: { data: current, meta: { total: 2, page: 1, per_page: 20 } },
      }),
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/my-lottery');
    const table = await screen.findByRole('table', { name: 'My tickets' });
    await waitFor(() => expect(within(table).getAllByTestId('ticket-status')).toHaveLength(2));
    const ticketFetches = () => calls.filter((call) => call.path.startsWith('/tickets?')).length;
    const before = ticketFetches();

    current = [
      ticket({ status: 'won', lines_won: 1, winnings: 1_200_000 }),
      ticket({ id: 56, numbers: [1, 2, 3], status: 'lost' }),
    ];
    const socket = FakeWebSocket.latest() as FakeWebSocket;
    act(() => {
      socket.open();
      socket.serverSends({ type: 'snapshot', topic: 'snapshot', seq: 0, data: { server_time: new Date().toISOString(), draws: [] } });
      socket.serverSends({
        type: 'tickets.settled',
        topic: 'user:7',
        seq: 1,
        data: { draw_id: 31, tickets: current.map((settled) => ({ ...settled, game_name: null })) },
      });
    });
    expect(socket.sent).toEqual([JSON.stringify({ type: 'auth', token: 'token-abc', batch: ['tickets.settled'] })]);
    await waitFor(() =>
      expect(within(table).getAllByTestId('ticket-status').map((status) => status.textContent)).toEqual(['Won', 'Lost']),
    );
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Ayo Express');
    await waitFor(() => expect(ticketFetches()).toBe(before + 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ticketFetches()).toBe(before + 1);
  });

  it('opens a ticket’s receipt from its row, in a dialog', async () => {
    saveLogin(makeLogin());
    const { fetchMock } = mockFetch({
      'GET /auth/profiles': { body: { data: makeUser() } },
      'GET /accounts/banks': { body: { data: [] } },
      'GET /tickets?page=1&per_page=20&sort_by=created_at&sort_type=desc': {
        body: { data: [ticket()], meta: { total: 1, page: 1, per_page: 20 } },
      },
      'GET /tickets/55': { body: { data: { ...ticket(), receipt: null } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/my-lottery');
    const table = await screen.findByRole('table', { name: 'My tickets' });
    expect(within(table).getByRole('columnheader', { name: 'Receipt' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Receipt of ticket 55' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipt of ticket #55' });
    expect(await within(dialog).findByText(/ready once sales close for draw #31/)).toBeInTheDocument();
  });

  it('updates the header balance from the socket', async () => {
    saveLogin(makeLogin());
    const { fetchMock } = mockFetch({
      'GET /auth/profiles': { body: { data: makeUser() } },
      'GET /accounts/banks': { body: { data: [] } },
      'GET /tickets?page=1&per_page=20&sort_by=created_at&sort_type=desc': { body: { data: [], meta: { total: 0 } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/my-lottery');
    expect(await screen.findByText(/You have no tickets yet/)).toBeInTheDocument();
    expect(screen.getByTestId('header-balance')).toHaveTextContent('₦1,250.00');
    const socket = FakeWebSocket.latest() as FakeWebSocket;
    act(() => socket.open());
    expect(socket.sent).toEqual([JSON.stringify({ type: 'auth', token: 'token-abc', batch: ['tickets.settled'] })]);
    act(() => {
      socket.serverSends({
        type: 'snapshot',
        topic: 'snapshot',
        seq: 0,
        data: { server_time: new Date().toISOString(), draws: [], wallet: { balance: 125_000 } },
      });
      socket.serverSends({ type: 'wallet.updated', topic: 'user:7', seq: 4, data: { balance: 985_000, transaction: null } });
    });
    expect(screen.getByTestId('header-balance')).toHaveTextContent('₦9,850.00');
  });

  it('says the tickets and the header balance may be out of date once the socket drops, until the snapshot answering auth', async () => {
    saveLogin(makeLogin());
    const { fetchMock } = mockFetch({
      'GET /auth/profiles': { body: { data: makeUser() } },
      'GET /accounts/banks': { body: { data: [] } },
      'GET /tickets?page=1&per_page=20&sort_by=created_at&sort_type=desc': { body: { data: [], meta: { total: 0 } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/user/my-lottery');
    expect(await screen.findByText(/You have no tickets yet/)).toBeInTheDocument();
    const balance = () => screen.getByRole('link', { name: /Balance/ });
    const expectLive = () => {
      expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
      expect(balance()).not.toHaveAccessibleName(/may be out of date/);
      expect(balance()).not.toHaveClass('balance-chip--unconfirmed');
    };
    act(() => latestSocket().open());
    sendSnapshot();
    sendSnapshot({ wallet: { balance: 125_000 } });
    expectLive();

    vi.useFakeTimers();
    act(() => latestSocket().serverCloses());
    expectLive(); // a blink says nothing
    act(() => vi.advanceTimersByTime(RECONNECTING_GRACE_MS));
    const notice = screen.getByText('Reconnecting…').closest('[role="status"]');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    expect(notice).toHaveTextContent(
      'Reconnecting… Your balance, tickets and payments may be out of date until we’re back.',
    );
    // The balance keeps its place and amount, muted, and says so in its name.
    expect(balance()).toHaveClass('balance-chip--unconfirmed');
    expect(balance()).toHaveAccessibleName(/₦1,250\.00 ?\(may be out of date\)$/);
    expect(screen.getByTestId('header-balance')).toHaveTextContent('₦1,250.00');

    // Back: the new socket signs in again, and its guest snapshot (every socket's first) confirms nothing of mine.
    reopenSocket();
    expect(latestSocket().sent).toEqual([JSON.stringify({ type: 'auth', token: 'token-abc', batch: ['tickets.settled'] })]);
    sendSnapshot();
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
    expect(balance()).toHaveAccessibleName(/may be out of date/);

    sendSnapshot({ wallet: { balance: 130_000 } });
    expectLive();
    expect(screen.getByTestId('header-balance')).toHaveTextContent('₦1,300.00');
  });
});
