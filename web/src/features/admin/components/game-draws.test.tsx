import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeDraw } from '@/testing/lotto';
import { routeFetch, type Call } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import { requestParts, tablePage } from '@/testing/table';
import type { Draw } from '@/types/lotto';
import { GameDraws, salesOver } from './game-draws';
import { signedInAsAdmin } from '@/testing/admin-session';

const HOUR = 3_600_000;

function draw(overrides: Partial<Draw>): Draw {
  return makeDraw({
    status: 'open',
    opens_at: new Date(Date.now() - HOUR).toISOString(),
    closes_at: new Date(Date.now() + HOUR).toISOString(),
    draws_at: new Date(Date.now() + 2 * HOUR).toISOString(),
    ticket_count: 3,
    numbers: null,
    machine_numbers: null,
    seed: null,
    ...overrides,
  });
}

signedInAsAdmin();

/** The game's draws as the server pages them, and the cancel. */
function serve(draws: Draw[], total = draws.length) {
  const { fetchMock, calls } = routeFetch((method, path) => {
    if (method === 'GET' && path.startsWith('/admin/games/1/draws?')) return tablePage(draws, total);
    if (method === 'POST' && path === '/admin/draws/42/cancel') {
      return { body: { data: { would_be_numbers: [5, 6, 7, 8, 9] }, message: 'Draw cancelled' } };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  const listed = () => calls.filter((call) => call.method === 'GET').map((call) => requestParts(call.path));
  return { calls, listed };
}

const cancelled = (calls: Call[]) => calls.find((call) => call.method === 'POST')?.body;

async function cancelWith(reason: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel draw #42' }));
  const dialog = screen.getByRole('alertdialog');
  await userEvent.type(within(dialog).getByLabelText(/^Reason/), reason);
  return dialog;
}

describe('a game’s draws', () => {
  it('asks the server for page 1 of 20, latest draw time first, and pages, sorts and resizes there', async () => {
    const { listed } = serve([draw({}), draw({ id: 43, status: 'settled', numbers: [1, 2, 3, 4, 5] })], 45);
    renderUi(<GameDraws gameId={1} gameName="Ayo Express" />);
    const table = await screen.findByRole('table', { name: 'Draws of Ayo Express' });
    expect(within(table).getByRole('rowheader', { name: '#42' })).toBeInTheDocument();
    expect(within(table).getByLabelText('Draw #43 winning numbers')).toBeInTheDocument();
    expect(listed().at(-1)).toEqual({
      path: '/admin/games/1/draws',
      params: { page: '1', per_page: '20', sort_by: 'draws_at', sort_type: 'desc' },
    });
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listed().at(-1)?.params).toMatchObject({ page: '2', per_page: '20' }));
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '100');
    await waitFor(() => expect(listed().at(-1)?.params).toMatchObject({ page: '1', per_page: '100' }));
    await userEvent.click(within(table).getByRole('button', { name: /Tickets/ }));
    await waitFor(() =>
      expect(listed().at(-1)?.params).toMatchObject({ sort_by: 'ticket_count', sort_type: 'desc' }),
    );
    await userEvent.type(screen.getByLabelText('Search draws'), 'cancelled');
    await waitFor(() => expect(listed().at(-1)?.params).toMatchObject({ search: 'cancelled' }));
  });

  it('says so when the game has no draws', async () => {
    serve([]);
    renderUi(<GameDraws gameId={1} gameName="Ayo Express" />);
    expect(await screen.findByText('No draws yet.')).toBeInTheDocument();
    expect(screen.getByText('No results')).toBeInTheDocument();
  });
});

describe('cancelling a draw', () => {
  it('knows when sales are over', () => {
    const now = Date.now();
    expect(salesOver(draw({ status: 'closed' }), now)).toBe(true);
    expect(salesOver(draw({ closes_at: new Date(now - 1000).toISOString() }), now)).toBe(true);
    expect(salesOver(draw({}), now)).toBe(false);
  });

  it('is a plain cancel while the draw is on sale, and the draws are read again after it', async () => {
    const { calls, listed } = serve([draw({})]);
    renderUi(<GameDraws gameId={1} gameName="Ayo Express" />);
    const dialog = await cancelWith('Machine fault');
    expect(dialog).toHaveAccessibleName('Cancel draw #42?');
    const before = listed().length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the draw' }));
    await waitFor(() => expect(cancelled(calls)).toEqual({ reason: 'Machine fault', emergency: false }));
    await waitFor(() => expect(listed().length).toBeGreaterThan(before));
  });

  it('after close is an emergency cancel that says the seed and would-be result are published', async () => {
    const { calls } = serve([draw({ status: 'closed' })]);
    renderUi(<GameDraws gameId={1} gameName="Ayo Express" />);
    const dialog = await cancelWith('Machine fault');
    expect(dialog).toHaveAccessibleName('Emergency cancel of draw #42?');
    expect(within(dialog).getByText(/seed and the numbers it would have drawn are published/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and publish the seed' }));
    await waitFor(() => expect(cancelled(calls)).toEqual({ reason: 'Machine fault', emergency: true }));
  });

  it('offers no cancel once drawn, and shows a would-be result and a halted settlement', async () => {
    serve([
      draw({ status: 'cancelled', cancelled_reason: 'Machine fault', would_be_numbers: [5, 6, 7, 8, 9] }),
      draw({ id: 43, status: 'drawn', numbers: [1, 2, 3, 4, 5], settlement_halted: true }),
    ]);
    renderUi(<GameDraws gameId={1} gameName="Ayo Express" />);
    expect(await screen.findByLabelText('Draw #42 would have drawn')).toBeVisible();
    expect(screen.getByText(/Payouts halted/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Cancel draw/ })).not.toBeInTheDocument();
  });
});
