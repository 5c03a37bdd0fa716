import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetLandedDraws, REVEAL_MS } from '@/lib/landed-draws';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser, mockFetch } from '@/testing/data';
import { latestSocket, sendSnapshot } from '@/testing/live-socket';
import { makeDraw, makeTicket } from '@/testing/lotto';
import { renderApp } from '@/testing/render-app';
import type { Ticket } from '@/types/lotto';

afterEach(() => {
  vi.useRealTimers();
  act(() => clearSession());
  resetLandedDraws();
  vi.unstubAllGlobals();
});

function loggedIn() {
  saveLogin(makeLogin());
  vi.stubGlobal(
    'fetch',
    mockFetch({
      'GET /auth/profiles': { body: { data: makeUser() } },
      'GET /accounts/banks': { body: { data: [] } },
    }).fetchMock,
  );
  renderApp('/about');
  act(() => latestSocket().open());
  sendSnapshot({ wallet: { balance: 125_000 } });
}

let seq = 0;
function settle(tickets: Ticket[]) {
  seq += 1;
  act(() =>
    latestSocket().serverSends({
      type: 'tickets.settled',
      topic: 'user:7',
      seq,
      data: { draw_id: tickets[0]?.draw_id, tickets: tickets.map((t) => ({ ...t, game_name: null })) },
    }),
  );
}

describe('a draw settled while the player is on another page', () => {
  it('announces a win with the amount after tax, on whatever page is open', async () => {
    loggedIn();
    settle([makeTicket({ status: 'won', winnings: 7_200_000, tax: 360_000, net_winnings: 6_840_000 })]);
    const news = await screen.findByTestId('settled-news');
    expect(news).toHaveRole('alert');
    expect(news).toHaveTextContent('You won ₦68,400.00!');
    expect(news).toHaveTextContent('₦72,000.00 won, less ₦3,600.00 withholding tax. ₦68,400.00 is in your balance now.');
    expect(within(news).getByRole('link', { name: 'My tickets' })).toHaveAttribute('href', '/user/my-lottery');
    await userEvent.click(within(news).getByRole('button', { name: 'Great, thanks' }));
    expect(screen.queryByTestId('settled-news')).toBeNull();
  });

  it('says calmly that nothing won, as a status rather than an alert', async () => {
    loggedIn();
    settle([makeTicket({ status: 'lost' }), makeTicket({ id: 56, status: 'lost' })]);
    const news = await screen.findByTestId('settled-news');
    expect(news).toHaveRole('status');
    expect(news).toHaveTextContent('No win on draw #42 this time');
    expect(news).toHaveTextContent('None of your 2 tickets won.');
  });

  it('waits for the last ball of a draw that landed live before telling the player they won', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    loggedIn();
    act(() =>
      latestSocket().serverSends({
        type: 'draw.result',
        topic: 'draws',
        seq: 1,
        data: makeDraw({ id: 42, status: 'drawn', numbers: [3, 36, 39, 44, 48] }),
      }),
    );
    settle([makeTicket({ status: 'won', winnings: 100_000, tax: 0, net_winnings: 100_000 })]);
    expect(screen.queryByTestId('settled-news')).toBeNull();
    act(() => vi.advanceTimersByTime(REVEAL_MS));
    expect(await screen.findByTestId('settled-news')).toHaveTextContent('You won ₦1,000.00!');
  });
});
