import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser, mockFetch } from '@/testing/data';
import { makeDraw, makeGame } from '@/testing/lotto';
import { renderApp } from '@/testing/render-app';

afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A player on a 7-day time-out that ends on Friday 4 Dec 2026 at 9:30 pm WAT (20:30 UTC). */
function onTimeOut() {
  const exclusion = { kind: 'timeout' as const, period: '7d' as const, starts_at: inMinutes(-60), ends_at: '2026-12-04T20:30:00Z' };
  const user = makeUser({
    responsible_gaming: { limits: { daily: null, weekly: null, monthly: null } as never, exclusion, window: 'rolling' },
  });
  saveLogin(makeLogin({ user }));
}

function serve() {
  const onSale = makeDraw({ id: 31, status: 'open', opens_at: inMinutes(-1), closes_at: inMinutes(10), draws_at: inMinutes(10.5), numbers: null, machine_numbers: null, seed: null });
  const game = { ...makeGame({ next_draw: onSale }), upcoming_draws: [], recent_draws: [] };
  vi.stubGlobal(
    'fetch',
    mockFetch({ 'GET /games/ayo-express': { body: { data: game } }, 'GET /games': { body: { data: [game] } } }).fetchMock,
  );
}

describe('a player on a break', () => {
  it('sees the break and its end on the play page instead of a board', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T12:00:00Z') });
    onTimeOut();
    serve();
    renderApp('/games/ayo-express');
    const notice = await screen.findByTestId('break-notice');
    expect(notice).toHaveTextContent('You are taking a time-out until Friday 4 Dec 2026 at 9:30 pm WAT.');
    expect(screen.queryByRole('button', { name: /^Buy ticket/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '7' })).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('sees no promotion on the home page: no hero offer, no games to play, no "fund your wallet"', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T12:00:00Z') });
    onTimeOut();
    serve();
    renderApp('/');
    expect(await screen.findByTestId('hero-break')).toHaveTextContent('Friday 4 Dec 2026 at 9:30 pm WAT');
    expect(screen.queryByRole('link', { name: 'See the games' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Games' })).not.toBeInTheDocument();
    expect(screen.queryByText('Fund your wallet')).not.toBeInTheDocument();
    vi.useRealTimers();
  });
});
