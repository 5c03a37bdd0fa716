import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeErrorDialog, errorDialogStore } from '@/lib/error-dialog-store';
import { WITHDRAWAL_KEY_STORAGE } from '@/features/money/components/withdrawal-form';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { makeBankAccount, makeWithdrawal, openSocket, routeFetch, walletUpdated, type Reply } from '@/testing/money';
import { renderApp } from '@/testing/render-app';
import type { Identity } from '@/features/money/api/identity';
import type { BankAccount, Withdrawal } from '@/types/money';

let account: BankAccount | null;
let withdrawals: Withdrawal[];
let creates: Reply[];
let identity: Identity;
let identityChecks: Reply[];

const verifiedIdentity = (): Identity => ({
  status: 'verified',
  kind: 'nin',
  masked_nin: '•••••••6789',
  provider: 'sandbox',
  sandbox: true,
  reason: null,
  message: 'Your NIN is verified.',
  updated_at: '2026-05-17T10:00:00.000Z',
});

beforeEach(() => {
  saveLogin(makeLogin({ user: makeUser({ relationships: { wallet: { balance: 500_000 } } }) }));
  account = makeBankAccount();
  withdrawals = [];
  creates = [];
  identity = verifiedIdentity();
  identityChecks = [];
});
afterEach(() => {
  act(() => {
    clearSession();
    closeErrorDialog();
  });
  vi.unstubAllGlobals();
});

function serve() {
  const { fetchMock, calls } = routeFetch((method, path) => {
    if (path === '/auth/profiles') return { body: { data: makeUser({ relationships: { wallet: { balance: 500_000 } } }) } };
    if (path === '/accounts/banks') return { body: { data: [] } };
    if (path === '/accounts') return { body: { data: account } };
    if (path.startsWith('/withdrawals?')) return { body: { data: withdrawals, meta: { total: withdrawals.length } } };
    if (method === 'POST' && path === '/withdrawals/create') return creates.shift();
    if (path === '/identity') return { body: { data: identity } };
    if (method === 'POST' && path === '/identity/create') return identityChecks.shift();
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  const posts = () => calls.filter((c) => c.method === 'POST');
  return { keys: () => posts().map((c) => (c.body as { idempotency_key: string }).idempotency_key) };
}

const requested = (amount: number, balance: number): Reply => ({
  status: 201,
  body: {
    data: makeWithdrawal({ amount }),
    transaction: null,
    balance,
    message: 'Withdrawal requested. The amount is on hold until it is paid to your bank account.',
  },
});

async function withdraw(naira: string) {
  const amount = await screen.findByRole('textbox', { name: 'Amount' });
  await userEvent.clear(amount);
  await userEvent.type(amount, naira);
  await userEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
}

describe('/user/withdrawal', () => {
  it('asks again with the same idempotency key after a lost answer, and a new one after a success', async () => {
    const { keys } = serve();
    creates = ['network-error', requested(200_000, 300_000), requested(100_000, 200_000)];
    renderApp('/user/withdrawal');
    expect(await screen.findByTestId('withdrawal-payee')).toHaveTextContent('TUNDE OLADIPO');
    expect(screen.getByTestId('withdrawal-payee')).toHaveTextContent('••••6785');

    await withdraw('2000');
    await waitFor(() => expect(errorDialogStore.get()?.message).toBe('Something went wrong, please contact admin'));
    act(() => closeErrorDialog());
    // The same press again (a retry): the server would answer the first withdrawal, not make a second.
    await userEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    const result = await screen.findByTestId('withdrawal-result');
    expect(result).toHaveTextContent('₦2,000.00 to TUNDE OLADIPO');
    expect(result).toHaveTextContent('Withdrawal requested. The amount is on hold');
    expect(within(result).getByTestId('withdrawal-status')).toHaveTextContent('Pending');
    expect(screen.getByTestId('header-balance')).toHaveTextContent('₦3,000.00');
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);

    await withdraw('1000');
    await waitFor(() => expect(keys()).toHaveLength(3));
    expect(keys()[2]).not.toBe(keys()[0]);
    expect(sessionStorage.getItem(WITHDRAWAL_KEY_STORAGE)).not.toBe(keys()[2]);
  });

  it('keeps the key through a reload of the tab until the withdrawal succeeds', async () => {
    sessionStorage.setItem(WITHDRAWAL_KEY_STORAGE, 'key-from-before-the-reload');
    const { keys } = serve();
    creates = [requested(200_000, 300_000)];
    renderApp('/user/withdrawal');
    await withdraw('2000');
    await screen.findByTestId('withdrawal-result');
    expect(keys()).toEqual(['key-from-before-the-reload']);
  });

  it('checks the amount first: at least ₦1,000 and not above the balance', async () => {
    const { keys } = serve();
    renderApp('/user/withdrawal');
    await withdraw('999');
    expect(screen.getByText('The minimum withdrawal is ₦1,000.00')).toBeInTheDocument();
    await withdraw('5000.01');
    expect(screen.getByText('You can withdraw up to your balance of ₦5,000.00')).toBeInTheDocument();
    expect(keys()).toHaveLength(0);
  });

  it('shows the server’s refusal beside the amount and keeps the key for the next try', async () => {
    const { keys } = serve();
    creates = [
      {
        status: 422,
        body: {
          message: 'Your balance of ₦5,000.00 is less than the ₦4,500.00 you asked for',
          errorCode: 'INSUFFICIENT_FUNDS',
          errors: { amount: ['Your balance of ₦5,000.00 is less than the ₦4,500.00 you asked for'] },
        },
      },
    ];
    renderApp('/user/withdrawal');
    await withdraw('4500');
    expect(await screen.findByText('Your balance of ₦5,000.00 is less than the ₦4,500.00 you asked for')).toBeInTheDocument();
    expect(errorDialogStore.get()).toBeNull();
    expect(sessionStorage.getItem(WITHDRAWAL_KEY_STORAGE)).toBe(keys()[0]);
  });

  it('says withdrawals are paused after a change of account, and shows the server’s refusal in its words', async () => {
    account = makeBankAccount({ withdrawals_held_until: '2099-11-23T08:00:00Z' });
    const held = 'Withdrawals are paused until 23 Nov 2099, 9:00 am WAT because your bank account was changed.';
    creates = [{ status: 422, body: { message: held, errorCode: 'WITHDRAWALS_HELD' } }];
    serve();
    renderApp('/user/withdrawal');
    expect(await screen.findByTestId('withdrawal-hold-notice')).toHaveTextContent(
      /^Withdrawals are paused until .*2099.* WAT because your bank account was changed\.$/,
    );
    await withdraw('2000');
    expect(await screen.findByRole('alert')).toHaveTextContent(held);
    expect(errorDialogStore.get()).toBeNull();
  });

  it('shows no pause once it is over', async () => {
    account = makeBankAccount({ withdrawals_held_until: '2020-01-01T00:00:00Z' });
    serve();
    renderApp('/user/withdrawal');
    expect(await screen.findByTestId('withdrawal-payee')).toBeInTheDocument();
    expect(screen.queryByTestId('withdrawal-hold-notice')).not.toBeInTheDocument();
  });

  it('sends a player without a bank account to add one', async () => {
    account = null;
    serve();
    renderApp('/user/withdrawal');
    const notice = await screen.findByTestId('no-bank-account');
    expect(within(notice).getByRole('link', { name: 'Add a bank account' })).toHaveAttribute('href', '/user/bank-account');
    expect(screen.queryByRole('button', { name: 'Request withdrawal' })).not.toBeInTheDocument();
  });

  it('lists every status in words, with the reason, and changes a badge live on wallet.updated', async () => {
    withdrawals = [
      makeWithdrawal({ id: 1, status: 'pending' }),
      makeWithdrawal({ id: 2, status: 'processing' }),
      makeWithdrawal({ id: 3, status: 'success' }),
      makeWithdrawal({ id: 4, status: 'rejected', reason: 'Name on the account does not match' }),
      makeWithdrawal({ id: 5, status: 'failed', reason: 'Sandbox: the receiving bank declined this transfer' }),
      makeWithdrawal({ id: 6, status: 'reversed' }),
    ];
    serve();
    renderApp('/user/withdrawal');
    const list = await screen.findByRole('table', { name: 'My withdrawals' });
    const badges = () => within(list).getAllByTestId('withdrawal-status').map((b) => b.textContent);
    expect(badges()).toEqual(['Pending', 'Processing', 'Paid', 'Rejected', 'Failed', 'Reversed']);
    expect(list).toHaveTextContent('Reason: Name on the account does not match. Not paid; the money is back in your balance.');
    expect(list).toHaveTextContent('Reason: Sandbox: the receiving bank declined this transfer. The transfer failed');

    // An admin approves #1 and the bank pays it: the socket tells the player's page, which refetches.
    withdrawals = [makeWithdrawal({ id: 1, status: 'success' }), ...withdrawals.slice(1)];
    const socket = openSocket();
    walletUpdated(socket, 500_000);
    await waitFor(() => expect(badges()[0]).toBe('Paid'));
  });

  it('opens the withdrawal the moment an admin approves the identity check, without a reload', async () => {
    identity = { ...verifiedIdentity(), status: 'review', message: 'One of our team will check them.' };
    serve();
    renderApp('/user/withdrawal');
    expect(await screen.findByText('Your identity is being checked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request withdrawal' })).not.toBeInTheDocument();

    const socket = openSocket();
    act(() =>
      socket.serverSends({ type: 'identity.updated', topic: 'user:7', seq: 1, data: verifiedIdentity() }),
    );
    expect(await screen.findByRole('button', { name: 'Request withdrawal' })).toBeInTheDocument();
    expect(screen.queryByText('Your identity is being checked')).not.toBeInTheDocument();
  });

  it('shows a rejection and its reason live, with the NIN form to try again', async () => {
    identity = { ...verifiedIdentity(), status: 'review', message: 'One of our team will check them.' };
    serve();
    renderApp('/user/withdrawal');
    expect(await screen.findByText('Your identity is being checked')).toBeInTheDocument();

    const rejected: Identity = {
      ...verifiedIdentity(),
      status: 'rejected',
      reason: 'The NIN belongs to someone else',
      message: 'We could not verify your identity: The NIN belongs to someone else. You can try again with your own NIN.',
    };
    act(() => openSocket().serverSends({ type: 'identity.updated', topic: 'user:7', seq: 1, data: rejected }));
    expect(await screen.findByTestId('identity-check')).toHaveTextContent('The NIN belongs to someone else');
    expect(screen.getByLabelText('NIN (National Identification Number)')).toBeInTheDocument();
  });

  it('asks for the NIN before the first withdrawal, checks its format, and shows the check under review', async () => {
    identity = { ...verifiedIdentity(), status: 'none', kind: null, masked_nin: null, message: 'Verify your NIN.' };
    const review: Identity = {
      ...verifiedIdentity(),
      status: 'review',
      message: 'The names do not clearly match, so one of our team will check them.',
    };
    identityChecks = [{ status: 201, body: { data: review, message: review.message } }];
    serve();
    renderApp('/user/withdrawal');
    const nin = await screen.findByLabelText('NIN (National Identification Number)');
    expect(screen.queryByRole('button', { name: 'Request withdrawal' })).not.toBeInTheDocument();
    expect(nin).toHaveAttribute('inputmode', 'numeric');
    expect(nin).toHaveAttribute('type', 'password');
    expect(screen.getByTestId('identity-sandbox')).toHaveTextContent('Sandbox');
    // Before the check, the player learns which of their names the NIN's must match.
    await waitFor(() =>
      expect(screen.getByTestId('identity-names')).toHaveTextContent(
        'The name on your NIN must match your name here (Ada Obi) and the name on your bank account (TUNDE OLADIPO).',
      ),
    );

    await userEvent.type(nin, '7012-345');
    expect(nin).toHaveValue('7012345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify my NIN' }));
    expect(nin).toHaveAccessibleDescription(/A NIN is 11 digits/);
    expect(nin).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(nin, '6789');
    await userEvent.click(screen.getByRole('button', { name: 'Verify my NIN' }));
    const check = await screen.findByText('Your identity is being checked');
    expect(check).toHaveFocus();
    expect(screen.getByTestId('identity-check')).toHaveTextContent('•••••••6789');
    expect(screen.queryByLabelText('NIN (National Identification Number)')).not.toBeInTheDocument();
  });

  it('shows the register’s refusal beside the NIN', async () => {
    identity = { ...verifiedIdentity(), status: 'none', kind: null, masked_nin: null, message: 'Verify your NIN.' };
    const notFound = 'We could not find this NIN in the national identity register. Check it and try again.';
    identityChecks = [
      { status: 422, body: { message: notFound, errorCode: 'NIN_NOT_FOUND', errors: { nin: [notFound] } } },
    ];
    serve();
    renderApp('/user/withdrawal');
    const nin = await screen.findByLabelText('NIN (National Identification Number)');
    await userEvent.type(nin, '70123450000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify my NIN' }));
    await waitFor(() => expect(nin).toHaveAccessibleDescription(/could not find this NIN/));
    expect(errorDialogStore.get()).toBeFalsy();
  });

  it('shows a verified NIN masked above the form', async () => {
    serve();
    renderApp('/user/withdrawal');
    expect(await screen.findByTestId('identity-verified')).toHaveTextContent('NIN verified');
    expect(screen.getByTestId('identity-verified')).toHaveTextContent('•••••••6789');
  });
});
