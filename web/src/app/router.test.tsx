import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/lib/toast-store';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser, mockFetch } from '@/testing/data';
import { renderApp } from '@/testing/render-app';

afterEach(() => {
  act(() => {
    clearSession();
    toastStore.set([]);
  });
  vi.unstubAllGlobals();
});

const loggedInPlayer = () => {
  saveLogin(makeLogin());
  vi.stubGlobal(
    'fetch',
    mockFetch({
      'GET /auth/profiles': { body: { data: makeUser() } },
      'GET /accounts/banks': { body: { data: [] } },
    }).fetchMock,
  );
};

describe('page titles', () => {
  it.each([
    ['/', 'Ayo Lotto | Home'],
    ['/how-to-play', 'Ayo Lotto | How to play'],
    ['/faqs', 'Ayo Lotto | FAQs'],
    ['/contact', 'Ayo Lotto | Contact'],
    ['/games', 'Ayo Lotto | Games'],
    ['/results', 'Ayo Lotto | Results'],
    ['/forgot-password', 'Ayo Lotto | Forgot password'],
    ['/no-such-page', 'Ayo Lotto | Not Found'],
    ['/boss/no-such-page', 'Ayo Lotto | Not Found'],
    ['/boss', 'Ayo Lotto | Admin login'],
  ])('%s reads "%s"', async (url, title) => {
    renderApp(url);
    await waitFor(() => expect(document.title).toBe(title));
  });
});

describe('the route guard in the app', () => {
  it('sends a guest from /user/profile home with "Please login to continue"', async () => {
    const { router } = renderApp('/user/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Please login to continue')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/provably fair/);
  });

  it('sends a guest from /boss/dashboard to the admin login', async () => {
    const { router } = renderApp('/boss/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/boss'));
    expect(await screen.findByRole('heading', { name: 'Back office' })).toBeInTheDocument();
  });

  it('sends a player from /boss/dashboard to the admin login', async () => {
    loggedInPlayer();
    const { router } = renderApp('/boss/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/boss'));
  });

  it('takes /user to the profile of a logged-in player, with the masked phone', async () => {
    loggedInPlayer();
    const { router } = renderApp('/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/profile'));
    expect(await screen.findByTestId('profile-phone')).toHaveTextContent('234******5678');
    expect(screen.getByText('17 May 1990')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Ayo Lotto | Profile'));
  });

  it('takes a logged-in admin at /boss on to the dashboard', async () => {
    saveLogin(makeLogin({ user: makeUser({ role: 'admin' }) }));
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /admin/dashboard': { body: { data: { players_total: 1200, players_new_today: 3, players_verified: 900 } } },
      }).fetchMock,
    );
    const { router } = renderApp('/boss');
    await waitFor(() => expect(router.state.location.pathname).toBe('/boss/dashboard'));
    expect(await screen.findByTestId('stat-players_total')).toHaveTextContent('1,200');
  });

  it('sends the player home when the session is logged out while a player page is open', async () => {
    loggedInPlayer();
    const { router } = renderApp('/user/profile');
    await screen.findByTestId('profile-phone');
    act(() => clearSession('expired'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
