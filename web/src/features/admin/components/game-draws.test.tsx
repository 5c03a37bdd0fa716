import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toasts/toast-store';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { routeFetch } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import type { Draw } from '@/types/lotto';
import { GameDraws, salesOver } from './game-draws';

const HOUR = 3_600_000;

function draw(overrides: Partial<Draw>): Draw {
  return {
    id: 42,
    game_id: 1,
    game_name: 'Ayo Express',
    game_slug: 'ayo-express',
    status: 'open',
    opens_at: new Date(Date.now() - HOUR).toISOString(),
    closes_at: new Date(Date.now() + HOUR).toISOString(),
    draws_at: new Date(Date.now() + 2 * HOUR).toISOString(),
    commitment: 'ab'.repeat(32),
    tickets_hash: null,
    ticket_count: 3,
    numbers: null,
    machine_numbers: null,
    seed: null,
    cancelled_reason: null,
    server_time: new Date().toISOString(),
    ...overrides,
  };
}

beforeEach(() => {
  saveLogin(makeLogin({ user: makeUser({ id: 1, role: 'admin' }) }));
  act(() => toastStore.set([]));
});
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

function serve() {
  const { fetchMock, calls } = routeFetch((method, path) =>
    method === 'POST' && path === '/admin/draws/42/cancel'
      ? { body: { data: { would_be_numbers: [5, 6, 7, 8, 9] }, message: 'Draw cancelled' } }
      : undefined,
  );
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function cancelWith(reason: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Cancel draw #42' }));
  const dialog = screen.getByRole('alertdialog');
  await userEvent.type(within(dialog).getByLabelText(/^Reason/), reason);
  return dialog;
}

describe('cancelling a draw', () => {
  it('knows when sales are over', () => {
    const now = Date.now();
    expect(salesOver(draw({ status: 'closed' }), now)).toBe(true);
    expect(salesOver(draw({ closes_at: new Date(now - 1000).toISOString() }), now)).toBe(true);
    expect(salesOver(draw({}), now)).toBe(false);
  });

  it('is a plain cancel while the draw is on sale', async () => {
    const calls = serve();
    renderUi(<GameDraws gameName="Ayo Express" draws={[draw({})]} />);
    const dialog = await cancelWith('Machine fault');
    expect(dialog).toHaveAccessibleName('Cancel draw #42?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the draw' }));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ reason: 'Machine fault', emergency: false }));
  });

  it('after close is an emergency cancel that says the seed and would-be result are published', async () => {
    const calls = serve();
    renderUi(<GameDraws gameName="Ayo Express" draws={[draw({ status: 'closed' })]} />);
    const dialog = await cancelWith('Machine fault');
    expect(dialog).toHaveAccessibleName('Emergency cancel of draw #42?');
    expect(within(dialog).getByText(/seed and the numbers it would have drawn are published/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and publish the seed' }));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ reason: 'Machine fault', emergency: true }));
  });

  it('shows what an emergency-cancelled draw would have drawn, and a halted settlement', () => {
    renderUi(
      <GameDraws
        gameName="Ayo Express"
        draws={[
          draw({ status: 'cancelled', cancelled_reason: 'Machine fault', would_be_numbers: [5, 6, 7, 8, 9] }),
          draw({ id: 43, status: 'drawn', numbers: [1, 2, 3, 4, 5], settlement_halted: true }),
        ]}
      />,
    );
    expect(screen.getByLabelText('Draw #42 would have drawn')).toBeVisible();
    expect(screen.getByText(/Payouts halted/)).toBeVisible();
  });
});
