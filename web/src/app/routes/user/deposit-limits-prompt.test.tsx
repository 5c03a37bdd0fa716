import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { makeLimits, routeFetch } from '@/testing/money';
import { renderApp } from '@/testing/render-app';
import type { LimitsAnswer } from '@/types/money';

let limits: LimitsAnswer;

beforeEach(() => {
  sessionStorage.clear();
  saveLogin(makeLogin());
  limits = makeLimits({ has_deposited: false });
});
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

function serve() {
  const { fetchMock, calls } = routeFetch((method, path, body) => {
    if (path === '/auth/profiles') return { body: { data: makeUser() } };
    if (path === '/accounts/banks') return { body: { data: [] } };
    if (path === '/limits') return { body: { data: limits } };
    if (method === 'POST' && path === '/limits/update') {
      limits = { ...limits, ...(body as Partial<LimitsAnswer>) };
      return { body: { data: limits, message: 'Your daily limit is now ₦10,000.00.' } };
    }
    if (path.startsWith('/deposits?')) return { body: { data: [], meta: { total: 0 } } };
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('limits offered before a first deposit', () => {
  it('lets a player with no deposit and no limit set limits in place, then gets out of the way', async () => {
    const calls = serve();
    renderApp('/user/deposit');
    const prompt = await screen.findByRole('region', { name: 'Set your deposit limits first?' });
    // The deposit form is still there below it.
    expect(screen.getByRole('heading', { name: 'Add money' })).toBeInTheDocument();
    await userEvent.type(within(prompt).getByRole('textbox', { name: 'Daily limit' }), '10000');
    await userEvent.click(within(prompt).getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByTestId('first-deposit-limits-saved')).toHaveTextContent(
      'Your daily limit is now ₦10,000.00.',
    );
    expect(calls.find((c) => c.path === '/limits/update')?.body).toEqual({ daily: 1_000_000 });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Set your deposit limits first?' })).toBeNull());
  });

  it('can be skipped, and stays away for the rest of the visit', async () => {
    serve();
    const first = renderApp('/user/deposit');
    const prompt = await screen.findByRole('region', { name: 'Set your deposit limits first?' });
    await userEvent.click(within(prompt).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Set your deposit limits first?' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Add money' })).toHaveFocus();
    first.unmount();
    renderApp('/user/deposit');
    await screen.findByRole('heading', { name: 'Add money' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.queryByRole('region', { name: 'Set your deposit limits first?' })).toBeNull();
  });

  it('is not offered once the player has deposited or has a limit', async () => {
    limits = { ...limits, has_deposited: true };
    const calls = serve();
    const view = renderApp('/user/deposit');
    await waitFor(() => expect(calls.some((c) => c.path === '/limits')).toBe(true));
    await screen.findByRole('heading', { name: 'Add money' });
    expect(screen.queryByRole('region', { name: 'Set your deposit limits first?' })).toBeNull();
    view.unmount();

    limits = { ...limits, has_deposited: false, weekly: 5_000_000 };
    renderApp('/user/deposit');
    await screen.findByRole('heading', { name: 'Add money' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(screen.queryByRole('region', { name: 'Set your deposit limits first?' })).toBeNull();
  });
});
