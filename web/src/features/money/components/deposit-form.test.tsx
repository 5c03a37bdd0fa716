import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeErrorDialog, errorDialogStore } from '@/lib/error-dialog-store';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { makeDeposit, makeLimits, routeFetch, type Reply } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import { DepositForm } from './deposit-form';

const NO_LIMITS = makeLimits();

let limits: unknown;
let create: Reply;

beforeEach(() => {
  saveLogin(makeLogin());
  limits = NO_LIMITS;
  create = { status: 201, body: { data: makeDeposit(), message: 'Continue to the payment page' } };
});
afterEach(() => {
  act(() => {
    clearSession();
    closeErrorDialog();
  });
  vi.unstubAllGlobals();
});

function setup() {
  const { fetchMock, calls } = routeFetch((method, path) => {
    if (path === '/auth/profiles') return { body: { data: makeUser() } };
    if (path === '/limits') return { body: { data: limits } };
    if (method === 'POST' && path === '/deposits/create') return create;
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  const openCheckout = vi.fn();
  renderUi(<DepositForm openCheckout={openCheckout} />);
  const amount = screen.getByRole('textbox', { name: 'Amount' });
  const posts = () => calls.filter((c) => c.method === 'POST');
  return { amount, openCheckout, posts };
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

describe('<DepositForm>', () => {
  it('checks the amount in the browser first and says what is wrong beside it', async () => {
    const { amount, posts } = setup();
    await userEvent.type(amount, '50');
    await submit();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(/The least you can deposit is ₦100\.00/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '1000001');
    await submit();
    expect(screen.getByText('The most you can deposit at once is ₦1,000,000.00')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('sends a quick amount in kobo and opens the gateway’s page', async () => {
    const { amount, openCheckout, posts } = setup();
    const chip = screen.getByRole('button', { name: '₦5,000' });
    await userEvent.click(chip);
    expect(amount).toHaveValue('5000');
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    await submit();
    await waitFor(() => expect(openCheckout).toHaveBeenCalledWith(makeDeposit().authorization_url));
    expect(posts()[0]?.body).toEqual({ amount: 500_000 });
    expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
  });

  it('shows the server’s 422 (a deposit limit) beside the amount, not in a dialog', async () => {
    create = {
      status: 422,
      body: {
        message: 'This deposit would go over your daily deposit limit',
        errorCode: 'DEPOSIT_LIMIT',
        errors: { amount: ['This deposit would go over your daily deposit limit of ₦10,000.00 (in any 24 hours).'] },
      },
    };
    const { amount, openCheckout } = setup();
    await userEvent.type(amount, '8000');
    await submit();
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(amount).toHaveAccessibleDescription(/over your daily deposit limit of ₦10,000\.00/);
    expect(openCheckout).not.toHaveBeenCalled();
    expect(errorDialogStore.get()).toBeNull();
  });

  it('shows the room a deposit limit leaves, and holds the player to it', async () => {
    limits = { ...NO_LIMITS, daily: 1_000_000, used: { daily: 600_000, weekly: 600_000, monthly: 600_000 } };
    const { amount, posts } = setup();
    expect(await screen.findByTestId('deposit-room')).toHaveTextContent(
      'Your daily deposit limit is ₦10,000.00. You can deposit up to ₦4,000.00 now.',
    );
    await userEvent.type(amount, '5000');
    await submit();
    expect(screen.getByText('Your deposit limit lets you deposit up to ₦4,000.00 now')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('replaces the form with the break message on 403 EXCLUDED', async () => {
    const message =
      'You are taking a break from Ayo Lotto until 29 Nov 2026, 1:00 pm WAT. ' +
      'Tickets and deposits are paused until then; you can still withdraw your balance.';
    create = { status: 403, body: { message, errorCode: 'EXCLUDED', data: { excluded_until: '2026-11-29T12:00:00Z' } } };
    const { amount } = setup();
    await userEvent.type(amount, '500');
    await submit();
    expect(await screen.findByTestId('exclusion-notice')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
    expect(errorDialogStore.get()).toBeNull();
  });
});
