import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser, mockFetch } from '@/testing/data';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderApp } from '@/testing/render-app';
import type { Ticket } from '@/types/lotto';

afterEach(() => {
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
    expect(socket.sent).toEqual([JSON.stringify({ type: 'auth', token: 'token-abc' })]);
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
});
