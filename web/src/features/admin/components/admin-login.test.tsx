import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeErrorDialog, errorDialogStore } from '@/lib/error-dialog-store';
import { clearSession, getSession } from '@/lib/session';
import { makeLogin, makeUser, mockFetch, type Answer } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import { SIGN_IN_TIMED_OUT } from './admin-login';

// jsdom has no canvas to draw on: the QR code is a fixed picture here.
vi.mock('qrcode', () => ({ toDataURL: async () => 'data:image/png;base64,QR' }));

const ADMIN = makeUser({ role: 'admin', email: 'admin@ayolotto.demo' });
const URI =
  'otpauth://totp/Ayo%20Lotto:admin%40ayolotto.demo?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Ayo%20Lotto&algorithm=SHA1&digits=6&period=30';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-j${i}`);

afterEach(() => {
  act(() => {
    clearSession();
    closeErrorDialog();
  });
  vi.unstubAllGlobals();
});

function serve(login: Answer, verify: Answer) {
  const { fetchMock, calls } = mockFetch({
    'POST /auth/login': login,
    'POST /auth/mfa/verify': verify,
    'GET /auth/profiles': { body: { data: ADMIN } },
    'GET /admin/dashboard': { body: { data: { players_total: 1200, players_new_today: 3, players_verified: 900 } } },
  });
  vi.stubGlobal('fetch', fetchMock);
  const bodies = (path: string) =>
    calls.filter((c) => c.path === path).map((c) => JSON.parse(String(c.init?.body)) as Record<string, string>);
  return { bodies };
}

async function enterPassword() {
  await userEvent.type(await screen.findByLabelText('Email'), 'admin@ayolotto.demo');
  await userEvent.type(screen.getByLabelText('Password'), 'the-admin-password');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('the /boss login page', () => {
  it('shows the 18+ mark, as the player pages do', async () => {
    renderApp('/boss');
    expect(await screen.findByRole('heading', { name: 'Back office' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '18+: only for players aged 18 and over' })).toHaveTextContent('18+');
  });
});

describe('/boss two-step sign-in', () => {
  it('asks an enrolled admin for the code, shows a wrong one beside the input, and lets the right one in', async () => {
    let wrong = true;
    const { bodies } = serve({ body: { data: { mfa_token: 'mfa-1', mfa: 'required' } } }, () =>
      wrong
        ? { status: 422, body: { message: 'The code is not right', errors: { code: ['The code is not right'] } } }
        : { body: { data: makeLogin({ user: ADMIN }) } },
    );
    const { router } = renderApp('/boss');
    await enterPassword();

    const code = await screen.findByRole('textbox', { name: 'Authenticator code' });
    expect(screen.getByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(getSession().token).toBeNull();

    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription(/has 6 digits/);
    expect(bodies('/auth/mfa/verify')).toHaveLength(0);

    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/^The code is not right/));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(bodies('/auth/mfa/verify')[0]).toEqual({ mfa_token: 'mfa-1', code: '123456' });
    expect(errorDialogStore.get()).toBeNull();

    wrong = false;
    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/boss/dashboard'));
    expect(getSession().token).toBe('token-abc');
  });

  it('takes a recovery code in the same input, with a keyboard for letters', async () => {
    const { bodies } = serve({ body: { data: { mfa_token: 'mfa-1', mfa: 'required' } } }, {
      body: { data: makeLogin({ user: ADMIN }) },
    });
    const { router } = renderApp('/boss');
    await enterPassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const code = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(code).toHaveAttribute('inputmode', 'text');
    await userEvent.type(code, ' abcd-efgh-jk ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/boss/dashboard'));
    expect(bodies('/auth/mfa/verify')[0]).toEqual({ mfa_token: 'mfa-1', code: 'abcd-efgh-jk' });
  });

  it('goes back to the password, email kept, when the code step has timed out', async () => {
    serve({ body: { data: { mfa_token: 'mfa-1', mfa: 'required' } } }, {
      status: 401,
      body: { message: 'The sign-in has expired', errors: { mfa_token: ['expired'] } },
    });
    const { router } = renderApp('/boss');
    await enterPassword();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Authenticator code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_TIMED_OUT);
    expect(screen.getByLabelText('Email')).toHaveValue('admin@ayolotto.demo');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(router.state.location.pathname).toBe('/boss');
    expect(errorDialogStore.get()).toBeNull();
  });

  it('shows too many attempts above the button', async () => {
    serve({ body: { data: { mfa_token: 'mfa-1', mfa: 'required' } } }, {
      status: 429,
      body: { message: 'Too many attempts. Please try again in 1 minute(s).' },
    });
    renderApp('/boss');
    await enterPassword();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Authenticator code' }), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });

  it('sets up the authenticator, then shows the recovery codes once before the back office', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { bodies } = serve({ body: { data: { mfa_token: 'mfa-1', mfa: 'enroll', otpauth_uri: URI } } }, {
      body: { data: { ...makeLogin({ user: ADMIN }), recovery_codes: CODES } },
    });
    const { router } = renderApp('/boss');
    await enterPassword();

    const heading = await screen.findByRole('heading', { name: 'Set up two-step sign-in' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,QR',
    );
    expect(screen.getByTestId('authenticator-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Authenticator code' }), '287082');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    // The operator's enrolment code is asked for first, here, before the server.
    const enrolmentCode = screen.getByRole('textbox', { name: 'Enrolment code' });
    expect(enrolmentCode).toHaveAttribute('aria-invalid', 'true');
    expect(enrolmentCode).toHaveAccessibleDescription(/^Enter the enrolment code the operator gave you/);
    expect(enrolmentCode).toHaveFocus();
    expect(bodies('/auth/mfa/verify')).toHaveLength(0);
    await userEvent.type(enrolmentCode, ' abcd-efgh-jkmn-pqrs-tuvw ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes now' })).toBeInTheDocument();
    expect(bodies('/auth/mfa/verify')[0]).toEqual({
      mfa_token: 'mfa-1',
      code: '287082',
      enrolment_code: 'abcd-efgh-jkmn-pqrs-tuvw',
    });
    expect(screen.getByRole('list', { name: 'Recovery codes' }).querySelectorAll('li')).toHaveLength(10);
    // Not logged in until the codes are acknowledged.
    expect(getSession().token).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Copy the codes' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(await screen.findByText('Copied')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/boss/dashboard'));
    expect(getSession().token).toBe('token-abc');
  });

  it('shows a refused enrolment code beside its own input, not the authenticator code', async () => {
    const spent = 'This enrolment code stopped working after too many wrong tries. Ask the operator for a new one.';
    serve({ body: { data: { mfa_token: 'mfa-1', mfa: 'enroll', otpauth_uri: URI } } }, {
      status: 422,
      body: { message: spent, errorCode: 'ENROLMENT_CODE_LOCKED', errors: { enrolment_code: [spent] } },
    });
    renderApp('/boss');
    await enterPassword();
    const enrolmentCode = await screen.findByRole('textbox', { name: 'Enrolment code' });
    await userEvent.type(enrolmentCode, 'abcd-efgh-jkmn-pqrs-tuvw');
    const code = screen.getByRole('textbox', { name: 'Authenticator code' });
    await userEvent.type(code, '287082');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(enrolmentCode).toHaveAccessibleDescription(/^This enrolment code stopped working/));
    expect(enrolmentCode).toHaveAttribute('aria-invalid', 'true');
    expect(code).not.toHaveAttribute('aria-invalid');
    expect(errorDialogStore.get()).toBeNull();
  });
});
