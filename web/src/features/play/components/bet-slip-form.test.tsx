import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/lib/toast-store';
import { errorDialogStore } from '@/lib/error-dialog-store';
import { authDialogStore } from '@/lib/auth-dialogs';
import { createQueryClient } from '@/lib/query-client';
import { getRealtimeClient } from '@/lib/realtime-client';
import { latestSocket } from '@/testing/live-socket';
import { clearSession, getSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser, mockFetch } from '@/testing/data';
import { makeOpenDraw } from '@/testing/lotto';
import type { Draw, GameDetail, Ticket } from '@/types/lotto';
import { BetSlipForm } from './bet-slip-form';
import { DEFAULT_MULTIPLIERS, DEFAULT_STAKE_RULES } from '@/lotto';

afterEach(() => {
  act(() => {
    clearSession();
    toastStore.set([]);
    authDialogStore.set(null);
    errorDialogStore.set(null);
  });
  vi.unstubAllGlobals();
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const makeDraw = makeOpenDraw;

const GAME: GameDetail = {
  id: 1,
  slug: 'ayo-express',
  name: 'Ayo Express',
  description: 'Every three minutes',
  status: 'active',
  schedule: { kind: 'interval', every_minutes: 3 },
  close_before_secs: 30,
  bet_types: ['NAP1', 'NAP2', 'NAP3', 'NAP4', 'NAP5', 'PERM2', 'PERM3', 'PERM4', 'PERM5', 'BANKER', 'AGAINST'],
  multipliers: DEFAULT_MULTIPLIERS,
  stake_rules: DEFAULT_STAKE_RULES,
  next_draw: null,
  upcoming_draws: [],
  recent_draws: [],
};

function ticket(id: number): Ticket {
  return {
    id,
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
    created_at: new Date().toISOString(),
    settled_at: null,
    draw: null,
  };
}

function renderSlip(draw: Draw | null = makeDraw()) {
  const router = createMemoryRouter([{ path: '/', element: <BetSlipForm game={GAME} draw={draw} /> }]);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function pick(user: ReturnType<typeof userEvent.setup>, ...numbers: number[]) {
  for (const n of numbers) await user.click(screen.getByRole('button', { name: String(n) }));
}

const bodies = (calls: { method: string; path: string; init?: RequestInit }[]) =>
  calls
    .filter((call) => call.method === 'POST' && call.path === '/tickets/create')
    .map((call) => JSON.parse(String(call.init?.body)) as Record<string, unknown>);

describe('the bet slip', () => {
  it('shows lines, total stake and the best win as numbers are picked', async () => {
    const user = renderSlip();
    expect(screen.getByLabelText('Bet type')).toHaveValue('PERM2');
    await pick(user, 7, 21, 45);
    expect(screen.getByRole('button', { name: '21' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('slip-lines')).toHaveTextContent('3');
    expect(screen.getByTestId('slip-total')).toHaveTextContent('₦150.00');
    expect(screen.getByTestId('slip-win')).toHaveTextContent('₦36,000.00');
    await user.click(screen.getByRole('button', { name: '21' }));
    expect(screen.getByTestId('slip-lines')).toHaveTextContent('–');
  });

  it('keeps the bet type, picks and stake through a refresh of the page', async () => {
    const user = renderSlip();
    await user.selectOptions(screen.getByLabelText('Bet type'), 'PERM3');
    await pick(user, 7, 21, 45, 60);
    const stake = screen.getByLabelText('Stake per line (₦)');
    await user.clear(stake);
    await user.type(stake, '25');
    act(() => cleanup());

    renderSlip();
    expect(screen.getByLabelText('Bet type')).toHaveValue('PERM3');
    for (const n of [7, 21, 45, 60]) expect(screen.getByRole('button', { name: String(n) })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Stake per line (₦)')).toHaveValue('25');
    expect(screen.getByTestId('slip-lines')).toHaveTextContent('4');
  });

  it('says what the server would, beside the stake', async () => {
    const user = renderSlip();
    await pick(user, 7, 21, 45);
    const stake = screen.getByLabelText('Stake per line (₦)');
    await user.clear(stake);
    await user.type(stake, '5');
    expect(stake).toHaveAccessibleDescription(
      'This ticket costs ₦15.00 (3 lines × ₦5.00) but the least a ticket may cost is ₦50.00; stake at least ₦16.67 per line',
    );
  });

  it('asks a guest to log in when Buy is pressed', async () => {
    const user = renderSlip();
    await pick(user, 7, 21, 45);
    await user.click(screen.getByRole('button', { name: /^Buy ticket/ }));
    expect(authDialogStore.get()).toEqual({ kind: 'login', identity: undefined });
  });

  it('cannot buy once sales have closed by the server clock', () => {
    renderSlip(makeDraw({ closes_at: inMinutes(-0.1) }));
    expect(screen.getByRole('button', { name: 'Sales closed' })).toBeDisabled();
  });

  it('buys, drops the balance at once, and keeps the idempotency key only for a retry', async () => {
    saveLogin(makeLogin({ user: makeUser({ relationships: { wallet: { balance: 1_000_000 } } }) }));
    let attempts = 0;
    const { fetchMock, calls } = mockFetch({
      'POST /tickets/create': () => {
        attempts += 1;
        return { status: 201, body: { data: ticket(100 + attempts), balance: 1_000_000 - 15_000 * (attempts - 1), message: 'Ticket bought. Good luck!' } };
      },
    });
    // The first press gets no answer at all (the network dropped).
    let dropFirst = true;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (dropFirst && init?.method === 'POST') {
        dropFirst = false;
        calls.push({ method: 'POST', path: '/tickets/create', init });
        throw new TypeError('Failed to fetch');
      }
      return fetchMock(input, init);
    });
    const user = renderSlip();
    await pick(user, 7, 21, 45);
    await user.click(screen.getByRole('button', { name: 'Buy ticket · ₦150.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not bought yet — nothing was charged. Check your connection and try again.',
    );
    expect(errorDialogStore.get()).toBeNull();
    expect(screen.getByRole('button', { name: 'Buy ticket · ₦150.00' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Buy ticket · ₦150.00' }));
    expect(await screen.findByTestId('ticket-bought')).toHaveTextContent('Ticket #101 bought for draw #31');
    expect(screen.queryByText(/Not bought yet/)).not.toBeInTheDocument();
    expect(getSession().user?.relationships.wallet.balance).toBe(1_000_000);

    await pick(user, 1, 2, 3);
    await user.click(screen.getByRole('button', { name: 'Buy ticket · ₦150.00' }));
    expect(await screen.findByTestId('ticket-bought')).toHaveTextContent('Ticket #102');
    expect(getSession().user?.relationships.wallet.balance).toBe(985_000);

    const [first, retry, next] = bodies(calls);
    expect(first).toMatchObject({ draw_id: 31, bet_type: 'PERM2', numbers: [7, 21, 45], stake_per_line: 5_000 });
    expect(retry?.idempotency_key).toBe(first?.idempotency_key);
    expect(next?.idempotency_key).not.toBe(first?.idempotency_key);
    expect(String(first?.idempotency_key)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps the server's own wording for a server error: the dialog, not the connection line", async () => {
    saveLogin(makeLogin());
    vi.stubGlobal('fetch', mockFetch({ 'POST /tickets/create': { status: 500, body: { message: 'boom' } } }).fetchMock);
    const user = renderSlip();
    await pick(user, 7, 21, 45);
    await user.click(screen.getByRole('button', { name: 'Buy ticket · ₦150.00' }));
    await vi.waitFor(() => expect(errorDialogStore.get()).not.toBeNull());
    expect(screen.queryByText(/Not bought yet/)).not.toBeInTheDocument();
  });

  it('tells a Lagos player what the best win pays after tax before Buy, and a guest where tax applies', async () => {
    const rates = { data: { day: '2026-11-27', default_bp: 0, states: [{ state: 'LA', state_name: 'Lagos State', rate_bp: 500 }] } };
    vi.stubGlobal('fetch', mockFetch({ 'GET /tax-rates': { body: rates } }).fetchMock);
    saveLogin(makeLogin({ user: makeUser({ state: 'LA' }) }));
    const user = renderSlip();
    await pick(user, 7, 21, 45);
    // PERM2 of 3 numbers at ₦50: ₦150 staked; the best win is every line winning, ₦36,000 (3 × 240 × ₦50);
    // 5 % of ₦35,850 is ₦1,792.50.
    expect(await screen.findByTestId('slip-tax')).toHaveTextContent(
      'Win up to ₦36,000.00 — ₦34,207.50 after 5 % Lagos withholding tax',
    );
    act(() => clearSession());
    expect(await screen.findByTestId('slip-tax')).toHaveTextContent(
      'Winnings above your stake bear withholding tax where you live: 5 % in Lagos.',
    );
    expect(screen.getByTestId('slip-win')).toHaveTextContent('₦36,000.00');
  });

  it('offers Deposit beside Buy when the balance is less than the ticket', async () => {
    saveLogin(makeLogin({ user: makeUser({ relationships: { wallet: { balance: 10_000 } } }) }));
    vi.stubGlobal('fetch', mockFetch({}).fetchMock);
    const user = renderSlip();
    await pick(user, 7, 21);
    expect(screen.queryByTestId('slip-low-balance')).not.toBeInTheDocument();
    await pick(user, 45);
    const low = screen.getByTestId('slip-low-balance');
    expect(low).toHaveTextContent('Your balance, ₦100.00, is less than this ticket’s ₦150.00.');
    expect(within(low).getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/user/deposit');
  });

  it('shows a refusal beside its field, with no error dialog', async () => {
    saveLogin(makeLogin());
    const { fetchMock } = mockFetch({
      'POST /tickets/create': {
        status: 422,
        body: {
          message: 'Your balance is ₦1,250.00; this ticket costs ₦1,500.00',
          errorCode: 'INSUFFICIENT_FUNDS',
          errors: { stake_per_line: ['Your balance is ₦1,250.00; this ticket costs ₦1,500.00'] },
        },
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = renderSlip();
    await pick(user, 7, 21, 45);
    await user.click(screen.getByRole('button', { name: /^Buy ticket/ }));
    expect(await screen.findByLabelText('Stake per line (₦)')).toHaveAccessibleDescription(
      'Your balance is ₦1,250.00; this ticket costs ₦1,500.00',
    );
    expect(errorDialogStore.get()).toBeNull();
  });

  it('checks the picks before sending anything', async () => {
    saveLogin(makeLogin());
    const { fetchMock, calls } = mockFetch({});
    vi.stubGlobal('fetch', fetchMock);
    const user = renderSlip();
    await pick(user, 7);
    await user.click(screen.getByRole('button', { name: /^Buy ticket/ }));
    const board = screen.getByRole('group', { name: 'Numbers 1 to 90' });
    expect(board).toHaveAccessibleDescription('PERM2 needs between 3 and 25 numbers');
    expect(bodies(calls)).toHaveLength(0);
    expect(within(board).getAllByRole('button')).toHaveLength(90);
  });

  it('marks the numbers closed for the draw on sale, and they cannot be picked', async () => {
    const { fetchMock } = mockFetch({ 'GET /draws/31/closed-numbers': { body: { data: { draw_id: 31, closed_numbers: [21] } } } });
    vi.stubGlobal('fetch', fetchMock);
    const user = renderSlip();
    const shut = await screen.findByRole('button', { name: '21, closed for this draw' });
    expect(shut).toHaveAttribute('aria-disabled', 'true');
    await user.click(shut);
    expect(shut).toHaveAttribute('aria-pressed', 'false');
    await pick(user, 7);
    expect(screen.getByRole('button', { name: '7' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('marks numbers closed or reopened the moment the server pushes draw.closed_numbers for its draw', async () => {
    let reads = 0;
    const { fetchMock } = mockFetch({
      'GET /draws/31/closed-numbers': () => {
        reads += 1;
        return { body: { data: { draw_id: 31, closed_numbers: [21] } } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = getRealtimeClient();
    client.start();
    try {
      act(() => latestSocket().open());
      renderSlip();
      await screen.findByRole('button', { name: '21, closed for this draw' });
      const push = (draw: number, closed: number[], seq: number) =>
        act(() =>
          latestSocket().serverSends({
            type: 'draw.closed_numbers',
            topic: 'draws',
            seq,
            data: { draw_id: draw, closed_numbers: closed },
          }),
        );
      push(99, [7], 1);
      expect(screen.getByRole('button', { name: '7' })).toBeInTheDocument();
      push(31, [7, 21], 2);
      expect(await screen.findByRole('button', { name: '7, closed for this draw' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      push(31, [7], 3);
      expect(await screen.findByRole('button', { name: '21' })).not.toHaveAttribute('aria-disabled', 'true');
      expect(reads).toBe(1);
    } finally {
      client.stop();
    }
  });
});
