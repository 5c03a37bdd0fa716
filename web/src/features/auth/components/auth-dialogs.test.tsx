import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeErrorDialog } from '@/lib/error-dialog-store';
import { toastStore } from '@/lib/toast-store';
import { closeAuthDialog, openSignup } from '@/lib/auth-dialogs';
import { clearSession } from '@/lib/session';
import { makeLogin, makeUser, mockFetch } from '@/testing/data';
import { renderApp } from '@/testing/render-app';

beforeEach(() => {
  toastStore.set([]);
  closeErrorDialog();
});
afterEach(() => {
  act(() => {
    closeAuthDialog();
    clearSession();
  });
  vi.unstubAllGlobals();
});

async function openFromHeader(name: 'Login' | 'Sign up') {
  const user = userEvent.setup();
  renderApp('/');
  const banner = await screen.findByRole('banner');
  await user.click(within(banner).getByRole('button', { name }));
  return user;
}

describe('the login and sign-up dialogs', () => {
  it('opens the login dialog from the header, with a Forgotten Password link', async () => {
    await openFromHeader('Login');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('link', { name: 'Forgotten Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('closes the login dialog when sign-up opens, so only one is ever open', async () => {
    const user = await openFromHeader('Login');
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(login).getByRole('button', { name: 'Create an account' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('closes the sign-up dialog when login opens', async () => {
    const user = await openFromHeader('Sign up');
    const signup = await screen.findByRole('dialog', { name: 'Create your account' });
    await user.click(within(signup).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('closes with its close button and with Escape', async () => {
    const user = await openFromHeader('Login');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => openSignup());
    const signup = await screen.findByRole('dialog', { name: 'Create your account' });
    act(() => {
      signup.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says "All fields are required" when login is sent empty', async () => {
    const user = await openFromHeader('Login');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('All fields are required');
    expect(within(dialog).getByLabelText('Email or phone number')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says "All fields are required" when sign-up is sent empty, with a hint beside each field', async () => {
    const user = await openFromHeader('Sign up');
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('All fields are required');
    expect(within(dialog).getByText('Phone number is required')).toBeInTheDocument();
    const phone = within(dialog).getByLabelText('Phone number');
    expect(phone.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /Terms and Conditions/ })).toHaveAttribute('href', '/terms-conditions');
    expect(within(dialog).getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/privacy-policy');
  });

  it('shows the hints of docs/product.md §13: short password and under-18', async () => {
    const user = await openFromHeader('Sign up');
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    await user.type(within(dialog).getByLabelText('Password'), '12345');
    const today = new Date();
    const tooYoung = `01/01/${today.getFullYear() - 17}`;
    await user.type(within(dialog).getByLabelText('Date of birth'), tooYoung);
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByText('Password must be upto 6 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('You must be at least 18 years old')).toBeInTheDocument();
  });

  it('starts the country picker on Nigeria, with flag and dial code', async () => {
    await openFromHeader('Sign up');
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    const country = within(dialog).getByLabelText('Country') as HTMLSelectElement;
    expect(country.value).toBe('NG');
    expect(country.selectedOptions[0]?.textContent).toBe('🇳🇬 Nigeria (+234)');
  });

  it('creates the account, says so, and moves on to the 6-digit code', async () => {
    const { fetchMock, calls } = mockFetch({
      'POST /users/create': { status: 201, body: { data: { name: 'Ada Obi', email: 'ada@example.com' } } },
      'POST /otps/verify': { body: { data: { email: 'ada@example.com' }, message: 'Email verified. Please login.' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = await openFromHeader('Sign up');
    const dialog = await screen.findByRole('dialog', { name: 'Create your account' });
    await user.type(within(dialog).getByLabelText('Full name'), 'Ada Obi');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    // Day first, as Nigeria writes it; the server still gets YYYY-MM-DD.
    await user.type(within(dialog).getByLabelText('Date of birth'), '17051990');
    expect(within(dialog).getByLabelText('Date of birth')).toHaveValue('17/05/1990');
    await user.type(within(dialog).getByLabelText('Phone number'), '08012345678');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign up' }));

    const otpDialog = await screen.findByRole('dialog', { name: 'Verify your email' });
    // One next step, on the step itself: the code (no "Please login" over it).
    expect(within(otpDialog).getByText(/^Account created successfully! We sent a 6-digit code to ada@example.com/)).toBeInTheDocument();
    expect(screen.queryByText(/Please login/)).toBeNull();
    // The home page behind the dialog reads its games and results too: pick out the calls of this journey.
    const sent = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
    expect(JSON.parse(String(sent('POST', '/users/create')[0]?.init?.body))).toEqual({
      name: 'Ada Obi',
      email: 'ada@example.com',
      dob: '1990-05-17',
      phoneNumber: '+2348012345678',
      password: 'secret1',
    });

    const code = within(otpDialog).getByLabelText('6-digit code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(within(otpDialog).getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();

    await user.click(within(otpDialog).getByRole('button', { name: 'Verify' }));
    expect(within(otpDialog).getByRole('alert')).toHaveTextContent('Make sure you entered the OTP sent to your email');

    await user.type(code, '123456');
    await user.click(within(otpDialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Email verified. Please login.')).toBeInTheDocument();
    const login = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(login).getByLabelText('Email or phone number')).toHaveValue('ada@example.com');
    expect(JSON.parse(String(sent('POST', '/otps/verify')[0]?.init?.body))).toEqual({
      otp: '123456',
      type: 'verification',
      email: 'ada@example.com',
    });
  });

  it('logs in, closes the dialog and shows the balance in naira in the header', async () => {
    const { fetchMock, calls } = mockFetch({
      'POST /auth/login': { body: { data: makeLogin(), message: 'Login successful' } },
      'GET /auth/profiles': { body: { data: makeUser() } },
      'GET /accounts/banks': { body: { data: [{ name: 'Access Bank', code: '044', slug: 'access-bank' }] } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = await openFromHeader('Login');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByLabelText('Email or phone number'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('header-balance')).toHaveTextContent('₦1,250.00');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /auth/profiles');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('banks') ?? '[]')).toHaveLength(1));
    expect(localStorage.getItem('token')).toBe('token-abc');
  });

  it('takes an unverified player who logs in to the code step, with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'POST /auth/login': {
          status: 403,
          body: {
            message: 'Please verify your email. We sent you a new code.',
            errorCode: 'UNVERIFIED',
            data: { email: 'new@example.com' },
          },
        },
      }).fetchMock,
    );
    const user = await openFromHeader('Login');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await user.type(within(dialog).getByLabelText('Email or phone number'), '08012345678');
    await user.type(within(dialog).getByLabelText('Password'), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    const otp = await screen.findByRole('dialog', { name: 'Verify your email' });
    expect(within(otp).getByText('Please verify your email. We sent you a new code.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
