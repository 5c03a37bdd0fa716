import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { makeGame, makeTicket } from '@/testing/lotto';
import { routeFetch } from '@/testing/money';
import { renderApp } from '@/testing/render-app';
import { requestParts, tablePage } from '@/testing/table';

const ADMIN = makeUser({ id: 1, role: 'admin' });
const player = { player: { id: 7, name: 'Ada Obi', email: 'ada@example.com' }, player_name: 'Ada Obi' };

beforeEach(() => saveLogin(makeLogin({ user: ADMIN })));
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

/** One game read by id or slug (GET /games/{id}), as any page of a single game does, whatever page it is on. */
function serve() {
  const { fetchMock, calls } = routeFetch((_method, path) => {
    if (path === '/auth/profiles') return { body: { data: ADMIN } };
    if (path === '/games/ayo-express') return { body: { data: makeGame() } };
    if (path.startsWith('/games/')) return { status: 404, body: { message: 'Game not found' } };
    if (path.startsWith('/admin/games/ayo-express/players?')) return tablePage([{ ...makeTicket(), ...player }]);
    return { body: { data: [] } };
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('the pages of one game', () => {
  it('/boss/players/{slug} reads the game itself, not the whole games list', async () => {
    const calls = serve();
    renderApp('/boss/players/ayo-express');
    expect(await screen.findByRole('heading', { level: 1, name: 'Players of Ayo Express' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Tickets of Ayo Express' });
    expect(within(table).getByRole('link', { name: 'Ada Obi' })).toHaveAttribute('href', '/boss/users/7');
    expect(calls.some((call) => call.path.startsWith('/admin/games?'))).toBe(false);
    expect(requestParts(calls.find((call) => call.path.includes('/players?'))?.path).params).toMatchObject({
      page: '1',
      per_page: '20',
    });
  });

  it('says so when there is no such game', async () => {
    serve();
    renderApp('/boss/players/no-such-game');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no game “no-such-game”.');
  });

  it('/boss/games/{id}/draws says so when there is no such game, and asks for no draws', async () => {
    const calls = serve();
    renderApp('/boss/games/999/draws');
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no game “999”.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/admin/games/999/draws'))).toBe(false);
  });
});
