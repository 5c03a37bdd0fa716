import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAuthDialog } from '@/lib/auth-dialogs';
import { toastStore } from '@/lib/toast-store';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser, mockFetch } from '@/testing/data';
import { renderApp } from '@/testing/render-app';

afterEach(() => {
  act(() => {
    clearSession();
    closeAuthDialog();
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

describe('a deep link to a player page, logged out', () => {
  it('opens the login and, once logged in, returns to the page asked for', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'POST /auth/login': { body: { data: makeLogin() } },
        'GET /auth/profiles': { body: { data: makeUser() } },
        'GET /accounts/banks': { body: { data: [] } },
      }).fetchMock,
    );
    const { router } = renderApp('/user/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Email or phone number'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/profile'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByTestId('profile-phone')).toBeInTheDocument();
  });

  it('returns a player whose session ran out on a page to that page after logging in again', async () => {
    loggedInPlayer();
    const { router } = renderApp('/user/profile');
    await screen.findByTestId('profile-phone');
    act(() => clearSession('expired'));
    await waitFor(() => expect(router.state.location.search).toBe('?next=%2Fuser%2Fprofile'));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('does not come back to the page after a deliberate log out', async () => {
    loggedInPlayer();
    const { router } = renderApp('/user/profile');
    await screen.findByTestId('profile-phone');
    act(() => clearSession('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
  });

  it('ignores a link whose page is on another site: no login opens, nobody leaves', async () => {
    const { router } = renderApp('/?next=%2F%2Fevil.example%2Flogin');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull();
    expect(router.state.location.pathname).toBe('/');
  });
});
