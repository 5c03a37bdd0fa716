import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeAuthDialog } from '@/lib/auth-dialogs';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser, mockFetch } from '@/testing/data';
import { renderApp } from '@/testing/render-app';

afterEach(() => {
  act(() => {
    clearSession();
    closeAuthDialog();
  });
  vi.unstubAllGlobals();
});

function serve() {
  vi.stubGlobal(
    'fetch',
    mockFetch({
      'GET /auth/profiles': { body: { data: makeUser() } },
      'GET /accounts/banks': { body: { data: [] } },
      'POST /auth/login': { body: { data: makeLogin() } },
    }).fetchMock,
  );
}

describe('a session about to end', () => {
  it('warns the player with the time it ends, and "Stay signed in" logs in again on the same page', async () => {
    serve();
    saveLogin(makeLogin({ expires_in: 180 }));
    const { router } = renderApp('/user/profile');
    const notice = await screen.findByTestId('session-ending');
    expect(notice).toHaveTextContent(/Your session ends at \d{1,2}:\d{2} (am|pm) WAT/);
    expect(notice).toHaveTextContent('(in 3 minutes)');

    const user = userEvent.setup();
    await user.click(within(notice).getByRole('button', { name: 'Stay signed in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getByLabelText('Email or phone number')).toHaveValue('ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    // A fresh hour: no warning, and the player never left the page.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull());
    expect(screen.queryByTestId('session-ending')).toBeNull();
    expect(router.state.location.pathname).toBe('/user/profile');
  });

  it('stays quiet for a session with most of its hour left', async () => {
    serve();
    saveLogin(makeLogin({ expires_in: 3600 }));
    renderApp('/user/profile');
    await screen.findByTestId('profile-phone');
    expect(screen.queryByTestId('session-ending')).toBeNull();
  });

  it('goes away when dismissed', async () => {
    serve();
    saveLogin(makeLogin({ expires_in: 120 }));
    renderApp('/user/profile');
    const notice = await screen.findByTestId('session-ending');
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('session-ending')).toBeNull();
  });
});
