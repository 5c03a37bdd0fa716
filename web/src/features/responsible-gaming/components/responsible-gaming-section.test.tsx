import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { routeFetch } from '@/testing/money';
import { renderApp } from '@/testing/render-app';
import type { ResponsibleGaming } from '@/types/money';

const RAISE_AT = '2026-11-23T08:00:36.103Z';

let rg: ResponsibleGaming;
beforeEach(() => {
  saveLogin(makeLogin());
  rg = {
    limits: {
      daily: 1_000_000,
      weekly: null,
      monthly: null,
      pending: { daily: { amount: 2_000_000, effective_at: RAISE_AT }, weekly: null, monthly: null },
    },
    exclusion: null,
    window: 'rolling',
  };
});
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

function serve() {
  const { fetchMock, calls } = routeFetch((method, path, body) => {
    if (path === '/auth/profiles') return { body: { data: makeUser({ responsible_gaming: rg }) } };
    if (path === '/accounts/banks') return { body: { data: [] } };
    if (method === 'POST' && path === '/limits/update') {
      const weekly = (body as { weekly?: number }).weekly ?? null;
      rg = { ...rg, limits: { ...rg.limits, weekly } };
      return {
        body: {
          data: { ...rg.limits, used: { daily: 0, weekly: 0, monthly: 0 }, window: 'rolling' },
          message: 'Your weekly limit is now ₦50,000.00.',
        },
      };
    }
    if (method === 'POST' && path === '/exclusions/create') {
      const exclusion = {
        kind: 'timeout' as const,
        period: '7d' as const,
        starts_at: new Date().toISOString(),
        ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      };
      rg = { ...rg, exclusion };
      return {
        status: 201,
        body: { data: exclusion, message: 'Your break has started and lasts until 29 Nov 2026, 9:00 am WAT.' },
      };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('responsible gaming on /user/profile', () => {
  it('shows the limits in force and a raise waiting for its 24 hours, and sends only what changed', async () => {
    const calls = serve();
    renderApp('/user/profile');
    const section = await screen.findByRole('region', { name: 'Responsible gaming' });
    expect(within(section).getByRole('link', { name: /read about responsible gaming/ })).toHaveAttribute(
      'href',
      '/responsible-gaming',
    );
    // The boxes start from the profile's limits once it has loaded.
    await waitFor(() => expect(within(section).getByRole('textbox', { name: 'Daily limit' })).toHaveValue('10000'));
    expect(within(section).getByTestId('pending-daily')).toHaveTextContent(
      'Becomes ₦20,000.00 from 23 Nov 2026, 9:00 am WAT.',
    );
    expect(within(section).getByRole('textbox', { name: 'Weekly limit' })).toHaveValue('');

    await userEvent.type(within(section).getByRole('textbox', { name: 'Weekly limit' }), '50000');
    await userEvent.click(within(section).getByRole('button', { name: 'Save limits' }));
    expect(await within(section).findByTestId('rg-message')).toHaveTextContent('Your weekly limit is now ₦50,000.00.');
    expect(calls.find((c) => c.path === '/limits/update')?.body).toEqual({ weekly: 5_000_000 });
  });

  it('starts a time-out only after a confirmation that says it cannot be undone', async () => {
    const calls = serve();
    renderApp('/user/profile');
    const section = await screen.findByRole('region', { name: 'Responsible gaming' });
    await userEvent.click(within(section).getByRole('radio', { name: '7 days' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Take a break' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Start a 7-day time-out?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(dialog).toHaveTextContent('you will not be able to buy tickets or deposit');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/exclusions/create')).toBe(false);

    await userEvent.click(within(section).getByRole('button', { name: 'Take a break' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Start a 7-day time-out?' })).getByRole('button', {
        name: 'Start my break',
      }),
    );
    expect(await within(section).findByTestId('break-in-force')).toHaveTextContent('You are on a 7-day time-out until');
    expect(calls.find((c) => c.path === '/exclusions/create')?.body).toEqual({ kind: 'timeout', period: '7d' });
    // A break can only be made longer.
    expect(within(section).getByRole('radio', { name: '24 hours' })).toBeDisabled();
    expect(within(section).getByRole('radio', { name: '30 days' })).toBeEnabled();
    expect(within(section).getByRole('button', { name: 'Make my break longer' })).toBeInTheDocument();
  });
});
