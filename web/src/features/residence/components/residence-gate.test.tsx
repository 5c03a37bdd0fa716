import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResidenceGate } from '@/features/residence/components/residence-gate';
import { clearSession, getSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { routeFetch } from '@/testing/money';

afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

function renderGate(state: string | null, licensed: string[] = ['LA', 'KN']) {
  saveLogin(makeLogin({ user: makeUser({ state }) }));
  const { calls, fetchMock } = routeFetch((method, path, body) => {
    if (path === '/states') {
      return { body: { data: ['LA', 'KN', 'OY'].map((code) => ({ code, name: code, licensed: licensed.includes(code) })) } };
    }
    if (method === 'POST' && path === '/users/residence') {
      const chosen = (body as { state: string }).state;
      return { body: { data: makeUser({ state: chosen }) } };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ResidenceGate>
        <p>deposit form</p>
      </ResidenceGate>
    </QueryClientProvider>,
  );
  return calls;
}

describe('ResidenceGate', () => {
  it('asks a player who has not said where they live, then shows the deposit form', async () => {
    const calls = renderGate(null);
    expect(screen.queryByText('deposit form')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save my state' }));
    expect(screen.getByText('Choose the state you live in')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('State of residence'), 'LA');
    await userEvent.click(screen.getByRole('button', { name: 'Save my state' }));
    await screen.findByText('deposit form');
    expect(calls.find((c) => c.path === '/users/residence')?.body).toEqual({ state: 'LA' });
    expect(getSession().user?.state).toBe('LA');
  });

  it('tells a player of a state without a licence why they cannot deposit', async () => {
    renderGate('OY');
    await waitFor(() => expect(screen.getByTestId('unlicensed-notice').textContent).toContain('not licensed in Oyo State'));
    expect(screen.queryByText('deposit form')).toBeNull();
  });

  it('lets a player of a licensed state through', async () => {
    renderGate('KN');
    expect(await screen.findByText('deposit form')).toBeTruthy();
  });
});
