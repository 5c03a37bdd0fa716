import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/data';
import { makeGame } from '@/testing/lotto';
import { renderApp } from '@/testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const express = makeGame();
const fortune = makeGame({
  id: 2,
  slug: 'fortune',
  name: 'Fortune',
  bet_types: ['NAP1', 'NAP2', 'PERM2'],
  multipliers: { nap1: 50, nap2: 300, nap3: 2_100, nap4: 6_000, nap5: 44_000 },
  stake_rules: { ...express.stake_rules, nap_min_stake: 10_000, payout_cap: 500_000_000 },
});

function serve(answer: { status?: number; body?: unknown }) {
  vi.stubGlobal('fetch', mockFetch({ 'GET /games': answer }).fetchMock);
}

const ratesSection = () => screen.getByRole('region', { name: 'Each game’s rates and limits' });
const paysTable = () => within(ratesSection()).getByRole('table');
const rateOf = (bet: string) => within(within(paysTable()).getByRole('rowheader', { name: bet }).closest('tr') as HTMLElement).getByRole('cell');

describe.each([
  ['/lottery-rules', 'Lottery rules'],
  ['/how-to-play', 'How to play'],
])('%s shows each game’s own figures', (url, heading) => {
  it('the first game’s, then the game picked, everywhere on the page', async () => {
    serve({ body: { data: [express, fortune] } });
    const { router } = renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await within(ratesSection()).findByText('Showing Ayo Express.')).toBeInTheDocument();
    expect(rateOf('NAP 1')).toHaveTextContent('×40');
    expect(within(paysTable()).getAllByRole('row')).toHaveLength(1 + 11);
    expect(within(ratesSection()).getByText('₦10,000,000.00')).toBeInTheDocument();

    await userEvent.selectOptions(within(ratesSection()).getByRole('combobox', { name: 'Game' }), 'Fortune');
    expect(await within(ratesSection()).findByText('Showing Fortune.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?game=fortune');
    expect(rateOf('NAP 1')).toHaveTextContent('×50');
    expect(rateOf('PERM 2')).toHaveTextContent('×300');
    // Only the bets Fortune offers.
    expect(within(paysTable()).getAllByRole('row')).toHaveLength(1 + 3);
    expect(within(ratesSection()).getByText('₦5,000,000.00')).toBeInTheDocument();
    expect(within(ratesSection()).getByText('₦100.00')).toBeInTheDocument();
  });

  it('says the standard figures stand in when the games cannot be loaded, and tries again', async () => {
    serve({ status: 503, body: { message: 'Down' } });
    renderApp(url);
    expect(await screen.findByText(/We could not load each game’s own figures/)).toBeInTheDocument();
    expect(rateOf('NAP 1')).toHaveTextContent('×40');
    serve({ body: { data: [fortune] } });
    await userEvent.click(within(ratesSection()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rateOf('NAP 1')).toHaveTextContent('×50'));
  });
});

describe('/lottery-rules links a game by its address', () => {
  it('opens on the game named in ?game=', async () => {
    serve({ body: { data: [express, fortune] } });
    renderApp('/lottery-rules?game=fortune');
    expect(await within(await screen.findByRole('region', { name: 'Each game’s rates and limits' })).findByText('Showing Fortune.')).toBeInTheDocument();
    // The bet table further down follows the same game.
    const betTypes = screen.getByRole('region', { name: 'Bet types' });
    expect(within(betTypes).getAllByRole('row')).toHaveLength(1 + 3);
  });
});

describe.each([
  ['/lottery-rules', 'Lottery rules'],
  ['/how-to-play', 'How to play'],
])('%s explains withholding tax', (url, heading) => {
  it('in plain words with a worked Lagos example', async () => {
    serve({ body: { data: [express] } });
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tax on winnings' })).toBeInTheDocument();
    expect(screen.getByTestId('tax-example')).toHaveTextContent(
      'a NAP 2 ticket for ₦100 wins 240 × ₦100 = ₦24,000. You won ₦23,900 above your stake; 5 % of that is ₦1,195 withheld, so ₦22,805 is paid into your wallet.',
    );
  });
});
