import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECONNECTING_GRACE_MS } from '@/lib/use-live-connection';
import { mockFetch, type Answer } from '@/testing/data';
import { latestSocket, reopenSocket, sendSnapshot } from '@/testing/live-socket';
import { makeDraw, makeGame } from '@/testing/lotto';
import { renderApp } from '@/testing/render-app';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const games = [makeGame(), makeGame({ id: 2, slug: 'fortune', name: 'Fortune' })];

function counts(): number[] {
  const all = Array.from({ length: 90 }, (_, i) => (i * 7) % 13);
  all[6] = 12; // number 7
  all[44] = 1; // number 45
  return all;
}

function serve(extra: Record<string, Answer> = {}) {
  const { fetchMock, calls } = mockFetch({
    'GET /games': { body: { data: games } },
    'GET /results?limit=20': {
      body: {
        data: {
          results: [
            makeDraw(),
            makeDraw({
              id: 41,
              status: 'cancelled',
              numbers: null,
              machine_numbers: null,
              seed: null,
              cancelled_reason: 'Machine fault',
              would_be_numbers: [1, 2, 3, 4, 5],
            }),
          ],
          next_before: 41,
        },
      },
    },
    'GET /results?before=41&limit=20': {
      body: { data: { results: [makeDraw({ id: 40, scheme: 'ayo-lotto/v1', tickets_hash: 'ab'.repeat(32) })], next_before: null } },
    },
    'GET /games/1/frequency?last=100': {
      body: { data: { game_id: 1, last: 100, draws: 37, counts: counts(), hot: [7, 13, 26, 39, 52], cold: [1, 14, 27, 40, 45] } },
    },
    ...extra,
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('/results', () => {
  it('lists finished draws newest first with their values, and loads more', async () => {
    serve();
    renderApp('/results');
    await waitFor(() => expect(document.title).toBe('Ayo Lotto | Results'));
    const latest = await screen.findByRole('article', { name: 'Ayo Express · Draw #42 result' });
    expect(within(latest).getByRole('list', { name: /Winning numbers of draw 42/ })).toHaveTextContent('3639444851');
    expect(within(latest).getByText('Settled')).toBeInTheDocument();
    expect(within(latest).getByText('22 Nov 2026, 8:00 pm WAT')).toBeInTheDocument();
    // The proof is folded under one control per card; opened, long values are shortened, in full on request,
    // with a copy button each.
    const proof = within(latest).getByText('Proof values').closest('details');
    expect(proof).not.toHaveAttribute('open');
    await userEvent.click(within(latest).getByText('Proof values'));
    expect(proof).toHaveAttribute('open');
    expect(within(latest).getByText('630dcd…d710dd')).toBeInTheDocument();
    expect(within(latest).getByRole('button', { name: 'Copy the tickets root of draw 42' })).toBeInTheDocument();
    expect(within(latest).getByText(/scheme ayo-lotto\/v2 · no witness/)).toBeInTheDocument();

    const cancelled = screen.getByRole('article', { name: 'Ayo Express · Draw #41 result' });
    expect(within(cancelled).getByText(/Cancelled: Machine fault/)).toBeInTheDocument();
    expect(within(cancelled).getByRole('list', { name: /would have drawn/ })).toHaveTextContent('12345');

    // How many are shown is a live status.
    expect(screen.getByText('Showing 2 draws, more to load')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Ayo Express · Draw #40 result' })).toBeInTheDocument();
    expect(screen.getByText('Showing 3 draws')).toBeInTheDocument();
    expect(screen.getByText('That is every draw.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('verifies a v2 draw in one click', async () => {
    serve();
    renderApp('/results');
    const latest = await screen.findByRole('article', { name: 'Ayo Express · Draw #42 result' });
    await userEvent.click(within(latest).getByRole('button', { name: 'Verify this result' }));
    expect(await within(latest).findByText(/All checks passed: draw #42/)).toBeInTheDocument();
    const checks = within(latest).getByRole('list', { name: 'Checks' });
    expect(within(checks).getAllByRole('listitem')).toHaveLength(4);
    expect(within(checks).getByText('No witness for this draw')).toBeInTheDocument();
    expect(within(checks).queryByText(/Failed:/)).not.toBeInTheDocument();
  });

  it('filters by game and number, and names a number out of range instead of sending it', async () => {
    const calls = serve({
      'GET /results?game_id=2&limit=20': { body: { data: { results: [], next_before: null } } },
      'GET /results?game_id=2&number=7&limit=20': {
        body: { data: { results: [makeDraw({ id: 39, game_id: 2, game_name: 'Fortune' })], next_before: null } },
      },
      'GET /games/2/frequency?last=100': {
        body: { data: { game_id: 2, last: 100, draws: 0, counts: Array(90).fill(0), hot: [], cold: [] } },
      },
    });
    const { router } = renderApp('/results');
    await screen.findByRole('article', { name: 'Ayo Express · Draw #42 result' });
    const filters = screen.getByRole('search', { name: 'Filter results' });

    await userEvent.selectOptions(within(filters).getByLabelText('Game'), 'Fortune');
    expect(await screen.findByText('No draws match these filters.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?game=2');

    const number = within(filters).getByRole('textbox', { name: 'Winning number' });
    await userEvent.type(number, '91');
    expect(within(filters).getByText('Enter a whole number from 1 to 90')).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.path.includes('number=91') || call.path.includes('number=9&'))).toBe(true);
    expect(calls.some((call) => call.path.includes('number=91'))).toBe(false);

    await userEvent.clear(number);
    await userEvent.type(number, '7');
    expect(await screen.findByRole('article', { name: 'Fortune · Draw #39 result' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?game=2&number=7');
    // The hot and cold numbers follow the game filter.
    expect(await screen.findByText('Fortune has no drawn results yet.')).toBeInTheDocument();

    await userEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('article', { name: 'Ayo Express · Draw #42 result' })).toBeInTheDocument();
  });

  it('shows each number of a game as a heat map cell with an accessible name, and the hot and cold ones', async () => {
    const calls = serve({
      'GET /games/1/frequency?last=500': {
        body: { data: { game_id: 1, last: 500, draws: 37, counts: counts(), hot: [7], cold: [45] } },
      },
    });
    renderApp('/results');
    const aside = await screen.findByRole('complementary', { name: 'Hot and cold numbers' });
    expect(await within(aside).findByText('From all 37 drawn draws of Ayo Express.')).toBeInTheDocument();
    const grid = within(aside).getByRole('list', { name: /How often each number was drawn/ });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(90);
    expect(within(grid).getByText('Number 7: drawn 12 times (hot)')).toBeInTheDocument();
    expect(within(grid).getByText('Number 45: drawn once (cold)')).toBeInTheDocument();
    expect(within(aside).getByRole('list', { name: 'Hot numbers: drawn most' })).toHaveTextContent('713263952');

    await userEvent.selectOptions(within(aside).getByLabelText('Over the last'), '500 draws');
    await waitFor(() => expect(calls.some((call) => call.path === '/games/1/frequency?last=500')).toBe(true));
  });

  it('looks further back when a rare filter answers an empty page with a cursor', async () => {
    serve({
      'GET /results?number=90&limit=20': { body: { data: { results: [], next_before: 3_000 } } },
      'GET /results?number=90&before=3000&limit=20': {
        body: { data: { results: [makeDraw({ id: 12 })], next_before: null } },
      },
    });
    renderApp('/results?number=90');
    await userEvent.click(await screen.findByRole('button', { name: 'Look further back' }));
    expect(await screen.findByRole('article', { name: 'Ayo Express · Draw #12 result' })).toBeInTheDocument();
  });

  it('shows what the server says of a filter it refuses', async () => {
    serve({
      'GET /results?from=2026-11-01&limit=20': {
        status: 422,
        body: { message: 'The given data was invalid', errors: { from: ['from must be a date like 2026-11-25'] } },
      },
    });
    renderApp('/results?from=2026-11-01');
    expect(await screen.findByText('from must be a date like 2026-11-25')).toBeInTheDocument();
  });

  it('says so when there are no results yet, and when they cannot be loaded', async () => {
    serve({ 'GET /results?limit=20': { body: { data: { results: [], next_before: null } } } });
    const first = renderApp('/results');
    expect(await screen.findByText('No results yet: the first draw is on its way.')).toBeInTheDocument();
    first.unmount();

    serve({ 'GET /results?limit=20': { status: 503, body: { message: 'Down for a moment' } } });
    renderApp('/results');
    expect(await screen.findByText('We could not load the results.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says "Reconnecting…" once the live connection drops, until a fresh snapshot', async () => {
    serve();
    renderApp('/results');
    await screen.findByRole('article', { name: 'Ayo Express · Draw #42 result' });
    act(() => latestSocket().open());
    sendSnapshot();
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();

    vi.useFakeTimers();
    act(() => latestSocket().serverCloses());
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument(); // a blink says nothing
    act(() => vi.advanceTimersByTime(RECONNECTING_GRACE_MS));
    const notice = screen.getByText('Reconnecting…').closest('[role="status"]');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    expect(notice).toHaveTextContent('Reconnecting… Times and results may be out of date until we’re back.');

    reopenSocket();
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
    sendSnapshot();
    expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
  });
});
