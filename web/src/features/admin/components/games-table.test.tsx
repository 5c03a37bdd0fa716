import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { makeDraw, makeGame } from '@/testing/lotto';
import { routeFetch } from '@/testing/money';
import { renderApp } from '@/testing/render-app';
import { requestParts, tablePage } from '@/testing/table';
import type { AdminGame } from '@/features/admin/types';
import type { Draw } from '@/types/lotto';

const ADMIN = makeUser({ id: 1, role: 'admin' });
const HOUR = 3_600_000;

function game(overrides: Partial<AdminGame> = {}): AdminGame {
  const ahead = new Date(Date.now() + HOUR).toISOString();
  return {
    ...makeGame(),
    draws: [makeDraw({ id: 50, status: 'open', draws_at: ahead, numbers: null })],
    created_at: '2026-11-01T08:00:00Z',
    ...overrides,
  };
}

let games: AdminGame[];
let draws: Draw[];

beforeEach(() => {
  saveLogin(makeLogin({ user: ADMIN }));
  games = [game(), game({ id: 2, slug: 'lagos-evening', name: 'Lagos Evening', status: 'paused', draws: [] })];
  draws = [makeDraw({ id: 49 })];
});
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

function serve(total?: number) {
  const { fetchMock, calls } = routeFetch((_method, path) => {
    if (path === '/auth/profiles') return { body: { data: ADMIN } };
    if (path.startsWith('/admin/games?')) return tablePage(games, total);
    if (path.startsWith('/admin/games/1/draws?')) return tablePage(draws);
    if (path === '/games/1') return { body: { data: makeGame() } };
    return { body: { data: [] } };
  });
  vi.stubGlobal('fetch', fetchMock);
  return (prefix: string) =>
    calls.filter((call) => call.path.startsWith(`${prefix}?`)).map((call) => requestParts(call.path).params);
}

describe('/boss/games', () => {
  it('is a server-paged table: page 1 of 20 newest first, then paged, resized, sorted and searched', async () => {
    const requests = serve(45);
    renderApp('/boss/games');
    const table = await screen.findByRole('table', { name: 'Games' });
    expect(requests('/admin/games').at(-1)).toEqual({
      page: '1',
      per_page: '20',
      sort_by: 'created_at',
      sort_type: 'desc',
    });
    const express = within(table).getByRole('row', { name: /Ayo Express/ });
    expect(within(express).getByRole('rowheader')).toHaveAccessibleName('Ayo Express');
    expect(express).toHaveTextContent('A draw every 3 minutes');
    expect(express).toHaveTextContent('NAP 2 ×240');
    expect(express).toHaveTextContent('₦50.00 – ₦50,000.00 a ticket');
    expect(within(table).getByRole('row', { name: /Lagos Evening/ })).toHaveTextContent('None while paused');
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(requests('/admin/games').at(-1)).toMatchObject({ page: '2' }));
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '25');
    await waitFor(() => expect(requests('/admin/games').at(-1)).toMatchObject({ page: '1', per_page: '25' }));
    await userEvent.click(within(table).getByRole('button', { name: /^Game/ }));
    await waitFor(() => expect(requests('/admin/games').at(-1)).toMatchObject({ sort_by: 'name', sort_type: 'desc' }));
    await userEvent.type(screen.getByLabelText('Search games'), 'paused');
    await waitFor(() => expect(requests('/admin/games').at(-1)).toMatchObject({ search: 'paused' }));
    expect(requests('/admin/games').at(-1)).not.toHaveProperty('page');
  });

  it('opens a game to edit, and links to its players and to its draws page', async () => {
    const requests = serve();
    const { router } = renderApp('/boss/games');
    const table = await screen.findByRole('table', { name: 'Games' });
    const express = within(table).getByRole('row', { name: /Ayo Express/ });
    expect(within(express).getByRole('link', { name: 'Players & tickets of Ayo Express' })).toHaveAttribute(
      'href',
      '/boss/players/ayo-express',
    );
    await userEvent.click(within(express).getByRole('button', { name: 'Edit Ayo Express' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ayo Express' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(within(express).getByRole('link', { name: 'Draws of Ayo Express' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/boss/games/1/draws'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Draws of Ayo Express' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: '#49' })).toBeInTheDocument();
    expect(requests('/admin/games/1/draws').at(-1)).toEqual({
      page: '1',
      per_page: '20',
      sort_by: 'draws_at',
      sort_type: 'desc',
    });
    expect(screen.getByRole('link', { name: 'Games' })).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(document.title).toBe('Ayo Lotto | Game draws'));
  });

  it('on a phone shows each game as a card, headed by its name, with its actions and a sort menu', async () => {
    const phone = (query: string) => ({
      matches: query === '(max-width: 719px)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    });
    vi.stubGlobal('matchMedia', phone);
    const requests = serve();
    renderApp('/boss/games');
    const cards = await screen.findByRole('list', { name: 'Games' });
    const express = within(cards)
      .getAllByRole('listitem')
      .find((card) => within(card).queryByRole('heading', { name: 'Ayo Express' }));
    expect(express).toBeDefined();
    expect(express).toHaveTextContent('NAP 2 ×240');
    expect(within(express as HTMLElement).getByRole('link', { name: 'Draws of Ayo Express' })).toHaveAttribute(
      'href',
      '/boss/games/1/draws',
    );
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'name:asc');
    await waitFor(() => expect(requests('/admin/games').at(-1)).toMatchObject({ sort_by: 'name', sort_type: 'asc' }));
  });

  it('says when there are no games', async () => {
    games = [];
    serve();
    renderApp('/boss/games');
    expect(await screen.findByText('No games found. Create one with “New game”.')).toBeInTheDocument();
  });
});
