import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { routeFetch } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import type { DrawRisk } from '@/features/admin/api/draw-risk';
import { DrawRiskPanel, parseNumbers } from './risk-desk';
import { signedInAsAdmin } from '@/testing/admin-session';
import { latestSocket } from '@/testing/live-socket';

function report(overrides: Partial<DrawRisk> = {}): DrawRisk {
  const seven = { number: 7, stake: 10_000, payout: 2_400_000 };
  const numbers = Array.from({ length: 90 }, (_, i) => (i === 6 ? seven : { number: i + 1, stake: 0, payout: 0 }));
  return {
    draw_id: 42,
    game_id: 1,
    status: 'open',
    worst_case_payout: 8_500_000,
    worst_case_balls: [7, 21, 30, 40, 50],
    reserve: 10_000_000,
    reserve_used_percent: 85,
    stakes: 500_000,
    expected_payout: 300_000,
    expected_margin: 200_000,
    tickets: 12,
    exact: true,
    worst_case_searching: false,
    limits: { reserve: 10_000_000, max_number_payout: null, max_combination_payout: null, max_stake_per_number: null },
    numbers,
    top_numbers: [seven],
    top_pairs: [{ numbers: [7, 21], payout: 6_000_000 }],
    top_triples: [],
    closed_numbers: [7],
    ...overrides,
  };
}

signedInAsAdmin();

function serve(risk: DrawRisk) {
  const { fetchMock, calls } = routeFetch((method, path) => {
    if (method === 'GET' && path === '/admin/draws/42/risk') return { body: { data: risk } };
    if (method === 'POST' && path === '/admin/draws/42/close-numbers') {
      return { body: { data: { draw_id: 42, closed_numbers: [7, 21] }, message: 'Numbers closed for draw #42' } };
    }
    if (method === 'POST' && path === '/admin/draws/42/reopen-numbers') {
      return { status: 422, body: { message: 'Invalid input', errors: { reason: ['Give a reason'] } } };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('the risk desk', () => {
  it('alerts when a draw passes the warning share of its reserve and names each number in the heat map', async () => {
    serve(report());
    renderUi(<DrawRiskPanel drawId={42} title="Peak: draw #42" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Draw #42 has passed 80% of its reserve');
    expect(screen.getByText('₦85,000.00')).toBeInTheDocument();
    const map = screen.getByRole('table');
    expect(within(map).getByLabelText('7: ₦24,000.00 riding, ₦100.00 staked, closed')).toBeInTheDocument();
    expect(within(map).getAllByRole('cell')).toHaveLength(90);
    expect(screen.getByText('7 and 21: ₦60,000.00')).toBeInTheDocument();
  });

  it('raises no alert under the warning share', async () => {
    serve(report({ reserve_used_percent: 40 }));
    renderUi(<DrawRiskPanel drawId={42} title="Peak: draw #42" />);
    await screen.findByText('₦85,000.00');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the figure is an upper bound while the exact search is still running', async () => {
    serve(report({ worst_case_searching: true }));
    renderUi(<DrawRiskPanel drawId={42} title="Peak: draw #42" />);
    expect(await screen.findByText(/at most: the exact figure is still being worked out/)).toBeInTheDocument();
    expect(screen.getByText('Being worked out')).toBeInTheDocument();
  });

  it('closes numbers with a reason, and shows a refused reopen beside the reason', async () => {
    const calls = serve(report());
    renderUi(<DrawRiskPanel drawId={42} title="Peak: draw #42" />);
    await userEvent.type(await screen.findByLabelText('Numbers'), '7, 21');
    await userEvent.type(screen.getByLabelText('Reason'), 'Too much on the pair');
    await userEvent.click(screen.getByRole('button', { name: 'Close numbers' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/admin/draws/42/close-numbers')?.body).toEqual({
        numbers: [7, 21],
        reason: 'Too much on the pair',
      }),
    );
    await userEvent.type(screen.getByLabelText('Numbers'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Reopen numbers' }));
    expect(await screen.findByText('Give a reason')).toBeInTheDocument();
  });

  it('follows risk.updated for its draw at once, then reads the full report again', async () => {
    // The second read is held until the test lets it answer, so the push's own figures can be seen first.
    let answer: (risk: DrawRisk) => void = () => undefined;
    let reads = 0;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const path = String(input).replace(/^https?:\/\/[^/]+/, '').replace(/^\/api\/v1/, '');
      if (path !== '/admin/draws/42/risk') return new Response('{}', { status: 404 });
      reads += 1;
      const risk =
        reads === 1 ? report({ reserve_used_percent: 40 }) : await new Promise<DrawRisk>((done) => (answer = done));
      return new Response(JSON.stringify({ data: risk }), { headers: { 'Content-Type': 'application/json' } });
    });
    renderUi(<DrawRiskPanel drawId={42} title="Peak: draw #42" />);
    await screen.findByText('₦5,000.00 on 12 tickets');
    act(() => latestSocket().open());
    const push = (draw: number, tickets: number, seq: number) => ({
      type: 'risk.updated',
      topic: 'admin',
      seq,
      data: {
        draw_id: draw,
        game_id: 1,
        tickets,
        stakes: 600_000,
        worst_case_payout: 9_000_000,
        worst_case_known: false,
        reserve: 10_000_000,
        reserve_used_percent: 90,
        past_warning: false,
      },
    });
    act(() => latestSocket().serverSends(push(7, 99, 1)));
    expect(screen.queryByText(/on 99 tickets/)).not.toBeInTheDocument();
    expect(reads).toBe(1);
    act(() => latestSocket().serverSends(push(42, 13, 2)));
    expect(await screen.findByText('₦6,000.00 on 13 tickets')).toBeInTheDocument();
    expect(screen.getByText('₦90,000.00')).toBeInTheDocument();
    expect(screen.getByText(/at most: the exact figure is still being worked out/)).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
    // A second push while the read is under way does not start another.
    act(() => latestSocket().serverSends(push(42, 14, 3)));
    expect(await screen.findByText('₦6,000.00 on 14 tickets')).toBeInTheDocument();
    expect(reads).toBe(2);
    act(() => answer(report({ tickets: 14, stakes: 600_000, top_pairs: [{ numbers: [7, 30], payout: 7_000_000 }] })));
    expect(await screen.findByText('7 and 30: ₦70,000.00')).toBeInTheDocument();
    expect(screen.queryByText(/at most/)).not.toBeInTheDocument();
  });

  it('reads numbers typed with commas or spaces', () => {
    expect(parseNumbers('7, 21 40,,x')).toEqual([7, 21, 40]);
  });
});
