import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/lib/toast-store';
import { routeFetch, type Reply } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import { AdjustWalletForm } from './adjust-wallet-form';
import { signedInAsAdmin } from '@/testing/admin-session';

const adjusted = (balance: number, replayed = false): Reply => ({
  body: {
    data: {
      balance,
      replayed,
      transaction: { id: 40, type: 'adjustment', status: 'success', amount: 150_000, balance_after: balance },
    },
    message: 'Wallet adjusted',
  },
});

const filed: Reply = {
  status: 202,
  body: {
    data: {
      approval_id: 3,
      adjustment: {
        id: 3,
        user_id: 7,
        amount: 15_000_000,
        reason: 'Jackpot paid by hand',
        requested_by: 1,
        status: 'pending',
        decided_by: null,
        created_at: '2026-11-25T09:00:00Z',
        decided_at: null,
      },
    },
    message: 'Above the approval limit: another admin must approve this adjustment',
  },
};

let replies: Reply[];

signedInAsAdmin();

function serve() {
  const { fetchMock, calls } = routeFetch((method, path) => {
    if (method === 'POST' && path === '/admin/users/7/adjust') return replies.shift();
    if (path === '/admin/adjustments') return { body: { data: [] } };
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

async function adjust(amount: string, reason: string) {
  await userEvent.clear(screen.getByLabelText(/^Amount \(naira\)/));
  await userEvent.type(screen.getByLabelText(/^Amount \(naira\)/), amount);
  await userEvent.clear(screen.getByLabelText(/^Reason/));
  await userEvent.type(screen.getByLabelText(/^Reason/), reason);
  await userEvent.click(screen.getByRole('button', { name: 'Adjust the wallet' }));
  return screen.getByRole('alertdialog', { name: 'Adjust this wallet?' });
}

const keysSent = (calls: ReturnType<typeof serve>) =>
  calls.filter((c) => c.path.endsWith('/adjust')).map((c) => (c.body as { idempotency_key: string }).idempotency_key);

describe('the manual adjustment', () => {
  it('keeps one idempotency key across retries of a confirmation, and makes a new one for the next', async () => {
    replies = ['network-error', adjusted(275_000), adjusted(300_000)];
    const calls = serve();
    renderUi(<AdjustWalletForm userId={7} userName="Ada Obi" balance={125_000} />);

    const dialog = await adjust('1500', 'Goodwill credit');
    const credit = within(dialog).getByRole('button', { name: 'Credit ₦1,500.00' });
    await userEvent.click(credit);
    // The connection dropped: the confirmation stays open for another try.
    await waitFor(() => expect(credit).toBeEnabled());
    await userEvent.click(credit);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(toastStore.get().at(-1)?.message).toBe('Wallet adjusted: new balance ₦2,750.00');

    await userEvent.click(within(await adjust('250', 'Second goodwill credit')).getByRole('button', { name: /^Credit/ }));
    await waitFor(() => expect(keysSent(calls)).toHaveLength(3));

    const [first, retry, next] = keysSent(calls);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    expect(calls.find((c) => c.path.endsWith('/adjust'))?.body).toEqual({
      amount: 150_000,
      reason: 'Goodwill credit',
      idempotency_key: first,
    });
  });

  it('says a replayed request moved nothing twice', async () => {
    replies = [adjusted(275_000, true)];
    serve();
    renderUi(<AdjustWalletForm userId={7} userName="Ada Obi" balance={125_000} />);
    await userEvent.click(within(await adjust('1500', 'Goodwill credit')).getByRole('button', { name: /^Credit/ }));
    await waitFor(() => expect(toastStore.get().at(-1)?.message).toMatch(/nothing moved twice/));
  });

  it('above the approval limit says the request waits for another admin and shows no new balance', async () => {
    replies = [filed];
    const calls = serve();
    renderUi(<AdjustWalletForm userId={7} userName="Ada Obi" balance={125_000} />);
    await userEvent.click(
      within(await adjust('150000', 'Jackpot paid by hand')).getByRole('button', { name: 'Credit ₦150,000.00' }),
    );

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Request #3 (credit of ₦150,000.00) is above the approval limit');
    expect(within(notice).getByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/boss/approvals');
    expect(toastStore.get().at(-1)).toMatchObject({
      kind: 'info',
      message: '₦150,000.00 credit awaits another admin’s approval',
    });
    expect(toastStore.get().some((t) => /balance/.test(t.message))).toBe(false);
    expect(screen.getByLabelText(/^Amount \(naira\)/)).toHaveValue('');
    expect(calls.filter((c) => c.path.endsWith('/adjust'))).toHaveLength(1);
  });

  it('says when a small adjustment waits because of today’s total for this player', async () => {
    const { adjustment } = (filed as { body: { data: { adjustment: object } } }).body.data;
    replies = [
      {
        status: 202,
        body: {
          data: { approval_id: 4, adjustment: { ...adjustment, id: 4, amount: 500_000, held_because: 'player_day' } },
          message: "Today's total for this player would pass the approval limit: another admin must approve this adjustment",
        },
      },
    ];
    serve();
    renderUi(<AdjustWalletForm userId={7} userName="Ada Obi" balance={125_000} />);
    await userEvent.click(within(await adjust('5000', 'Fourth goodwill credit')).getByRole('button', { name: /^Credit/ }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      'Request #4 (credit of ₦5,000.00) would take today’s total for this player above the approval limit',
    );
    expect(toastStore.get().some((t) => /balance/.test(t.message))).toBe(false);
  });

  it('shows the server’s 422 beside the amount and closes the confirmation', async () => {
    replies = [
      {
        status: 422,
        body: { message: 'This would take the balance below zero', errors: { amount: ['This would take the balance below zero'] } },
      },
    ];
    serve();
    renderUi(<AdjustWalletForm userId={7} userName="Ada Obi" balance={125_000} />);
    const dialog = await adjust('-1000', 'Reverse a duplicate deposit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Debit ₦1,000.00' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Amount \(naira\)/)).toHaveAccessibleDescription(/below zero/);
  });
});
