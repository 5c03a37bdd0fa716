import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeErrorDialog, errorDialogStore } from '@/lib/error-dialog-store';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { makeBankAccount, routeFetch, type Reply } from '@/testing/money';
import { renderApp } from '@/testing/render-app';
import type { BankAccount } from '@/types/money';

const BANKS = [
  { name: 'Access Bank', code: '044', slug: 'access-bank', nuban_check: true },
  { name: 'Guaranty Trust Bank (GTBank)', code: '058', slug: 'guaranty-trust-bank', nuban_check: true },
  { name: 'OPay', code: '999992', slug: 'opay', nuban_check: false },
];

let saved: BankAccount | null;
let resolve: (body: { bank_code: string; account_number: string }) => Reply;

beforeEach(() => {
  saveLogin(makeLogin());
  saved = null;
  resolve = ({ bank_code, account_number }) => ({
    body: { data: { bank_code, account_number, bank_name: 'Guaranty Trust Bank (GTBank)', account_name: 'TUNDE OLADIPO' } },
  });
});
afterEach(() => {
  act(() => {
    clearSession();
    closeErrorDialog();
  });
  vi.unstubAllGlobals();
});

function serve() {
  const { fetchMock, calls } = routeFetch((method, path, body) => {
    if (path === '/auth/profiles') return { body: { data: makeUser() } };
    if (path === '/accounts/banks') return { body: { data: BANKS } };
    if (path === '/accounts') return { body: { data: saved } };
    if (path === '/accounts/resolve') return resolve(body as { bank_code: string; account_number: string });
    if (method === 'POST' && path === '/accounts/create') {
      if (saved && (body as { current_password?: string }).current_password !== 'lotto-pass-1') {
        const wrong = 'The password is not right';
        return { status: 422, body: { message: wrong, errors: { current_password: [wrong] } } };
      }
      saved = makeBankAccount({ withdrawals_held_until: saved ? new Date(Date.now() + 86_400_000).toISOString() : null });
      return { status: 201, body: { data: saved, message: 'Bank account saved' } };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { lookups: () => calls.filter((c) => c.path === '/accounts/resolve'), calls };
}

async function fill(bank: string, number: string) {
  await userEvent.selectOptions(await screen.findByLabelText('Bank'), bank);
  const field = screen.getByRole('textbox', { name: 'Account number' });
  await userEvent.clear(field);
  await userEvent.type(field, number);
  return field;
}

describe('/user/bank-account', () => {
  it('checks the number, shows the bank’s name for it read-only, then saves', async () => {
    const { lookups, calls } = serve();
    renderApp('/user/bank-account');
    expect(await screen.findByRole('heading', { name: 'Add your bank account' })).toBeInTheDocument();
    const number = screen.getByRole('textbox', { name: 'Account number' });
    expect(number).toHaveAttribute('inputmode', 'numeric');

    // Letters never get in; a wrong check digit shows at once and costs no look-up.
    await fill('058', '0123-4567-86');
    expect(number).toHaveValue('0123456786');
    expect(number).toHaveAccessibleDescription(/not a valid account number for the chosen bank/);
    expect(lookups()).toHaveLength(0);

    await fill('058', '0123456785');
    const name = screen.getByRole('textbox', { name: 'Account name' });
    await waitFor(() => expect(name).toHaveValue('TUNDE OLADIPO'));
    expect(name).toHaveAttribute('readonly');
    expect(lookups()).toHaveLength(1);
    expect(lookups()[0]?.body).toEqual({ bank_code: '058', account_number: '0123456785' });

    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByTestId('bank-account-message')).toHaveTextContent('Bank account saved');
    expect(calls.find((c) => c.path === '/accounts/create')?.body).toEqual({ bank_code: '058', account_number: '0123456785' });
    const account = screen.getByTestId('saved-account');
    expect(account).toHaveTextContent('TUNDE OLADIPO');
    expect(account).toHaveTextContent('0123456785');
  });

  it('says before saving when the bank’s name is not clearly the player’s, with both names and what it means', async () => {
    const message =
      'The name on this account, TUNDE OLADIPO, does not clearly match the name on your Ayo Lotto account, Ada Obi. ' +
      'You can still save it, but then one of our team checks the names before your next withdrawal is paid ' +
      '(usually within a day). An account in your own name avoids the wait.';
    resolve = ({ bank_code, account_number }) => ({
      body: {
        data: {
          bank_code,
          account_number,
          bank_name: 'Guaranty Trust Bank (GTBank)',
          account_name: 'TUNDE OLADIPO',
          name_check: {
            verdict: 'mismatch',
            compared_with: 'Ada Obi',
            compared_with_kind: 'registered',
            review_needed: true,
            message,
          },
        },
      },
    });
    const { calls } = serve();
    renderApp('/user/bank-account');
    await fill('058', '0123456785');
    const warning = await screen.findByTestId('name-mismatch');
    expect(warning).toHaveRole('alert');
    expect(within(warning).getByText('Name at the bank').nextSibling).toHaveTextContent('TUNDE OLADIPO');
    expect(within(warning).getByText('Name on your Ayo Lotto account').nextSibling).toHaveTextContent('Ada Obi');
    expect(warning).toHaveTextContent(message);
    expect(calls.some((c) => c.path === '/accounts/create')).toBe(false);

    // Saving stays the player's choice, named for what it is.
    await userEvent.click(screen.getByRole('button', { name: 'Save this account anyway' }));
    expect(await screen.findByTestId('bank-account-message')).toHaveTextContent('Bank account saved');
  });

  it('says nothing more when the bank’s name matches the player’s', async () => {
    resolve = ({ bank_code, account_number }) => ({
      body: {
        data: {
          bank_code,
          account_number,
          bank_name: 'Guaranty Trust Bank (GTBank)',
          account_name: 'OBI ADA',
          name_check: {
            verdict: 'match',
            compared_with: 'Ada Obi',
            compared_with_kind: 'registered',
            review_needed: false,
            message: 'The account name matches the name on your Ayo Lotto account.',
          },
        },
      },
    });
    serve();
    renderApp('/user/bank-account');
    await fill('058', '0123456785');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Account name' })).toHaveValue('OBI ADA'));
    expect(screen.queryByTestId('name-mismatch')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save bank account' })).toBeInTheDocument();
  });

  it('after a refused save, says what is missing beside each field and takes the keyboard to the first', async () => {
    const { calls } = serve();
    renderApp('/user/bank-account');
    const bank = await screen.findByLabelText('Bank');
    const number = screen.getByRole('textbox', { name: 'Account number' });
    await userEvent.type(number, '01234');
    expect(number).not.toHaveAccessibleDescription(/exactly 10 digits/);

    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(bank).toHaveAccessibleDescription('Choose your bank');
    expect(number).toHaveAccessibleDescription(/^The account number must have exactly 10 digits/);
    await waitFor(() => expect(bank).toHaveFocus());

    // Choosing the bank clears its problem, not the number's.
    await userEvent.selectOptions(bank, '058');
    expect(bank).not.toHaveAttribute('aria-invalid');
    expect(number).toHaveAccessibleDescription(/^The account number must have exactly 10 digits/);
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(number).toHaveFocus());
    expect(calls.some((c) => c.path === '/accounts/create')).toBe(false);
  });

  it('takes any ten digits for a wallet without NUBAN check digits', async () => {
    const { lookups } = serve();
    renderApp('/user/bank-account');
    await fill('999992', '8012345670');
    await waitFor(() => expect(lookups()).toHaveLength(1));
  });

  it('shows an account the bank does not know beside the number, and too many look-ups above the button', async () => {
    const notFound = 'We could not find this account at Guaranty Trust Bank (GTBank). Check the number and the bank.';
    resolve = () => ({
      status: 422,
      body: { message: notFound, errorCode: 'ACCOUNT_NOT_FOUND', errors: { account_number: [notFound] } },
    });
    serve();
    renderApp('/user/bank-account');
    const number = await fill('058', '1000049999');
    await waitFor(() => expect(number).toHaveAccessibleDescription(/We could not find this account/));
    expect(screen.getByRole('textbox', { name: 'Account name' })).toHaveValue('');

    resolve = () => ({
      status: 429,
      body: { message: 'Too many attempts. Please try again in 1 minute(s).', errorCode: 'RATE_LIMITED' },
    });
    await fill('044', '0690123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 1 minute(s).');
    expect(screen.getByRole('button', { name: 'Check the account again' })).toBeInTheDocument();
    expect(errorDialogStore.get()).toBeNull();
  });

  it('shows the saved account, and lets the player change it or keep it', async () => {
    saved = makeBankAccount();
    serve();
    renderApp('/user/bank-account');
    const card = await screen.findByRole('region', { name: 'Your bank account' });
    expect(within(card).getByTestId('saved-account')).toHaveTextContent('Guaranty Trust Bank (GTBank)');
    await userEvent.click(within(card).getByRole('button', { name: 'Change account' }));
    expect(screen.getByRole('heading', { name: 'Change your bank account' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep my saved account' }));
    expect(await screen.findByRole('region', { name: 'Your bank account' })).toBeInTheDocument();
  });

  it('asks for the password to replace a saved account, and says withdrawals pause', async () => {
    saved = makeBankAccount({ bank_code: '044', bank_name: 'Access Bank', account_number: '0690123456' });
    const { calls } = serve();
    renderApp('/user/bank-account');
    await userEvent.click(await screen.findByRole('button', { name: 'Change account' }));
    const password = screen.getByLabelText('Your password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAccessibleDescription(/enter your password to change where winnings are paid/);
    await fill('058', '0123456785');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Account name' })).toHaveValue('TUNDE OLADIPO'));
    const creates = () => calls.filter((c) => c.path === '/accounts/create');

    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(password).toHaveAccessibleDescription(/^Enter your password/);
    expect(creates()).toHaveLength(0);

    await userEvent.type(password, 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(/^The password is not right/));
    expect(errorDialogStore.get()).toBeNull();

    await userEvent.clear(password);
    await userEvent.type(password, 'lotto-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByTestId('bank-account-message')).toHaveTextContent('Bank account saved');
    expect(creates().at(-1)?.body).toEqual({ bank_code: '058', account_number: '0123456785', current_password: 'lotto-pass-1' });
    expect(screen.getByTestId('withdrawal-hold-notice')).toHaveTextContent(
      /^Withdrawals are paused until .+ WAT because your bank account was changed\.$/,
    );
  });
});
