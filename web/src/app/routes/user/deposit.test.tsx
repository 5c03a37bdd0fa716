import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeErrorDialog, errorDialogStore } from '@/lib/error-dialog-store';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { makeDeposit, makeLimits, openSocket, routeFetch, walletUpdated, type Reply } from '@/testing/money';
import { renderApp } from '@/testing/render-app';
import type { Deposit } from '@/types/money';

const REF = 'AYO-16-AB21C8D13A2E';

afterEach(() => {
  act(() => {
    clearSession();
    closeErrorDialog();
  });
  vi.unstubAllGlobals();
});

let deposit: Reply;

beforeEach(() => {
  saveLogin(makeLogin());
  deposit = { body: { data: makeDeposit(), balance: 125_000 } };
});

function serve() {
  const { fetchMock, calls } = routeFetch((method, path) => {
    if (path === '/auth/profiles') return { body: { data: makeUser() } };
    if (path === '/accounts/banks') return { body: { data: [] } };
    if (path === '/limits') return { body: { data: makeLimits() } };
    if (path.startsWith('/deposits?')) return { body: { data: [], meta: { total: 0 } } };
    if (method === 'GET' && path === `/deposits/${REF}`) return deposit;
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const settled = (data: Partial<Deposit>, balance = 625_000): Reply => ({
  body: { data: makeDeposit({ ...data }), balance },
});

describe('/user/deposit coming back from the gateway (?trxref=R&reference=R)', () => {
  it('shows a credited deposit, its amount and the new balance, and the header takes the balance', async () => {
    deposit = settled({ status: 'success' });
    const calls = serve();
    renderApp(`/user/deposit?trxref=${REF}&reference=${REF}`);
    const result = await screen.findByTestId('deposit-result');
    await waitFor(() => expect(within(result).getByRole('heading')).toHaveTextContent('Deposit successful'));
    expect(within(result).getByRole('link', { name: 'Play now' })).toHaveAttribute('href', '/games');
    expect(within(result).getByTestId('deposit-credited')).toHaveTextContent('₦5,000.00');
    expect(within(result).getByTestId('deposit-balance')).toHaveTextContent('₦6,250.00');
    await waitFor(() => expect(screen.getByTestId('header-balance')).toHaveTextContent('₦6,250.00'));
    expect(calls.some((c) => c.path === `/deposits/${REF}`)).toBe(true);
  });

  it('shows why a payment was not completed', async () => {
    deposit = settled({ status: 'failed', failure_reason: 'Cancelled by the customer' }, 125_000);
    serve();
    renderApp(`/user/deposit?trxref=${REF}&reference=${REF}`);
    const result = await screen.findByTestId('deposit-result');
    await waitFor(() => expect(within(result).getByRole('heading')).toHaveTextContent('Payment not completed'));
    expect(result).toHaveTextContent('Cancelled by the customer. Nothing was added to your wallet');
    expect(screen.getByTestId('header-balance')).toHaveTextContent('₦1,250.00');
  });

  it('says a payment over the deposit limits is held for a refund, in the server\'s words, and offers no retry', async () => {
    const why =
      'Your payment of ₦5,000.00 arrived after its checkout had closed (22 Nov 2026, 1:00 pm WAT) and would have gone over your daily deposit limit of ₦5,000.00 (in any 24 hours), so it was not added to your wallet. It is held for a refund to you, and our support team has been told.';
    deposit = settled({ status: 'held', held_reason: why }, 125_000);
    serve();
    renderApp(`/user/deposit?trxref=${REF}&reference=${REF}`);
    const result = await screen.findByTestId('deposit-result');
    await waitFor(() => expect(within(result).getByRole('heading')).toHaveTextContent('Payment held for a refund'));
    expect(within(result).getByTestId('deposit-held')).toHaveTextContent(why);
    expect(within(result).queryByRole('button', { name: 'Check again' })).toBeNull();
    expect(screen.getByTestId('header-balance')).toHaveTextContent('₦1,250.00');
  });

  it('waits for a pending payment, checks again on request and turns to credited on wallet.updated', async () => {
    const calls = serve();
    renderApp(`/user/deposit?trxref=${REF}&reference=${REF}`);
    const result = await screen.findByTestId('deposit-result');
    await waitFor(() => expect(within(result).getByRole('heading')).toHaveTextContent('Waiting for your payment'));
    expect(within(result).getByRole('link', { name: 'Back to the payment page' })).toHaveAttribute(
      'href',
      makeDeposit().authorization_url,
    );

    const asked = () => calls.filter((c) => c.path === `/deposits/${REF}`).length;
    const before = asked();
    await userEvent.click(within(result).getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(asked()).toBe(before + 1));
    expect(within(result).getByRole('heading')).toHaveTextContent('Waiting for your payment');

    // The webhook credits it; the socket says so, and the page asks again by itself.
    deposit = settled({ status: 'success' });
    const socket = openSocket();
    walletUpdated(socket, 625_000);
    await waitFor(() => expect(within(result).getByRole('heading')).toHaveTextContent('Deposit successful'));
    expect(screen.getByTestId('header-balance')).toHaveTextContent('₦6,250.00');
  });

  it('says so in place when the reference is not the player’s (404), without an error dialog', async () => {
    deposit = { status: 404, body: { message: 'Deposit not found' } };
    serve();
    renderApp(`/user/deposit?trxref=${REF}&reference=${REF}`);
    const result = await screen.findByTestId('deposit-result');
    await waitFor(() => expect(within(result).getByRole('heading')).toHaveTextContent('We could not find this payment'));
    expect(errorDialogStore.get()).toBeNull();
  });
});
