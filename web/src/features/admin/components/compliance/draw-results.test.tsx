import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettledDrawResult } from '@/features/admin/api/compliance';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { routeFetch } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import { DrawResults } from './draw-results';

beforeEach(() => saveLogin(makeLogin({ user: makeUser({ role: 'admin' }) })));
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

function draw(id: number, number: number | null, game: string, house: number): SettledDrawResult {
  return {
    month: '2026-11', game, draw_id: id, draw_number: number, draws_at: '2026-11-20T19:15:00+01:00', tickets: 10,
    winners: 1, stakes: 50_000, payouts: 50_000 - house, tax_withheld: 0, net_paid: 50_000 - house, house_result: house,
  };
}

describe('<DrawResults>', () => {
  it('shows the month by game and each draw, and says a draw the house lost on is a loss', async () => {
    const draws = [draw(9, 12, 'Lotto Classic', -2_400_000), draw(8, null, 'Lotto Classic', 40_000)];
    const classic = {
      ...{ game: 'Lotto Classic', draws: 2, tickets: 20, winners: 2, stakes: 100_000, payouts: 2_460_000 },
      ...{ tax_withheld: 0, net_paid: 2_460_000, house_result: -2_360_000 },
    };
    const { fetchMock, calls } = routeFetch((_, path) =>
      path.startsWith('/admin/reports/draws?')
        ? { body: { data: draws, meta: { games: [classic], total: { ...classic, game: undefined } } } }
        : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    renderUi(<DrawResults month="2026-11" />);

    expect(await screen.findByTestId('draw-results-total')).toHaveTextContent(/2 draws settled: stakes ₦1,000\.00/);
    const byGame = screen.getByRole('table', { name: 'Settled draws by game' });
    const classicRow = within(byGame).getByRole('rowheader', { name: 'Lotto Classic' }).closest('tr')!;
    expect(classicRow).toHaveTextContent('-₦23,600.00 (loss)');
    const perDraw = screen.getByRole('table', { name: 'Settled draws' });
    expect(within(perDraw).getByRole('rowheader', { name: 'Lotto Classic draw 12' })).toBeInTheDocument();
    expect(within(perDraw).getByRole('rowheader', { name: 'Lotto Classic, draw #8' })).toBeInTheDocument();
    expect(within(perDraw).getByText('₦400.00')).toBeInTheDocument();
    expect(calls[0]?.path).toBe('/admin/reports/draws?month=2026-11&format=json');
  });

  it('says when no draw was settled in the month', async () => {
    const nothing = { draws: 0, tickets: 0, winners: 0, stakes: 0, payouts: 0, tax_withheld: 0, net_paid: 0 };
    const empty = { games: [], total: { ...nothing, house_result: 0 } };
    const { fetchMock } = routeFetch(() => ({ body: { data: [], meta: empty } }));
    vi.stubGlobal('fetch', fetchMock);
    renderUi(<DrawResults month="2025-01" />);
    expect(await screen.findByText('No draw was settled this month.')).toBeInTheDocument();
  });
});
