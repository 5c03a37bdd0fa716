import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { routeFetch } from '@/testing/money';
import { renderApp } from '@/testing/render-app';
import type { RealityCheck } from '@/types/money';

const MINUTE = 60_000;

beforeEach(() => {
  sessionStorage.clear();
  saveLogin(makeLogin());
});
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

/** The server: this session began `startedAgo` ms before each answer, with a deposit, a ticket and no win. */
function serve(startedAgo: number, interval: number) {
  const started = Date.now() - startedAgo;
  const { fetchMock, calls } = routeFetch((_method, path) => {
    if (path === '/auth/profiles') return { body: { data: makeUser() } };
    if (path === '/accounts/banks') return { body: { data: [] } };
    if (path === '/reality-check') {
      const data: RealityCheck = {
        interval_minutes: interval,
        intervals: [0, 15, 30, 45, 60],
        session_started_at: new Date(started).toISOString(),
        previous_login_at: null,
        server_time: new Date().toISOString(),
        deposits: 500_000,
        withdrawals: 0,
        stakes: 15_000,
        wins: 0,
        net_deposits: 500_000,
        net: -15_000,
      };
      return { body: { data } };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('the reality check', () => {
  it('opens when the interval has passed since the login, not since the page loaded, with the session in naira', async () => {
    // Logged in 15 minutes ago, less a moment: the page has only just loaded, yet the check is due now.
    serve(15 * MINUTE - 300, 15);
    renderApp('/results');
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' }, { timeout: 3_000 });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByTestId('reality-elapsed')).toHaveTextContent('15 minutes');
    expect(await within(dialog).findByTestId('reality-net')).toHaveTextContent('−₦150.00');
    expect(within(dialog).getByTestId('reality-net-deposits')).toHaveTextContent('+₦5,000.00');
    expect(dialog).toHaveTextContent('You are ₦150.00 down on play this session.');
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull());
    // The next one is an interval after "Continue": not now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull();
    expect(sessionStorage.getItem('ayo.reality-check.continued')).toContain('"at"');
  });

  it('logs out from the dialog', async () => {
    serve(20 * MINUTE, 15);
    const { router } = renderApp('/user/profile');
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(getSession().token).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull();
  });

  it('never opens when the player turned it off', async () => {
    const calls = serve(90 * MINUTE, 0);
    renderApp('/results');
    await waitFor(() => expect(calls.some((c) => c.path === '/reality-check')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull();
  });
});
