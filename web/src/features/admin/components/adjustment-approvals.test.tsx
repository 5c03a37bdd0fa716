import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/lib/toast-store';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { routeFetch, type Reply } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import type { AdjustmentRequest } from '@/features/admin/types';
import { AdjustmentApprovals } from './adjustment-approvals';

function makeRequest(overrides: Partial<AdjustmentRequest> = {}): AdjustmentRequest {
  return {
    id: 3,
    user_id: 7,
    amount: 15_000_000,
    reason: 'Jackpot paid by hand',
    requested_by: 2,
    status: 'pending',
    decided_by: null,
    created_at: '2026-11-25T09:00:00Z',
    decided_at: null,
    ...overrides,
  };
}

let rows: AdjustmentRequest[];
let approve: Reply;
let reject: Reply;

beforeEach(() => {
  // The signed-in admin is #1.
  saveLogin(makeLogin({ user: makeUser({ id: 1, role: 'admin' }) }));
  act(() => toastStore.set([]));
  rows = [
    makeRequest(),
    makeRequest({ id: 2, amount: -12_000_000, reason: 'Reverse a double credit', requested_by: 1 }),
    makeRequest({
      id: 1,
      status: 'approved',
      decided_by: 1,
      decided_at: '2026-11-24T10:30:00Z',
      created_at: '2026-11-24T10:00:00Z',
    }),
  ];
  approve = {
    body: {
      data: { adjustment: makeRequest({ status: 'approved', decided_by: 1 }), balance: 15_125_000, transaction: null },
      message: 'Adjustment approved and applied',
    },
  };
  reject = { body: { data: makeRequest({ status: 'rejected', decided_by: 1 }), message: 'Adjustment rejected' } };
});
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

function serve() {
  const { fetchMock, calls } = routeFetch((method, path) => {
    if (method === 'GET' && path === '/admin/adjustments') return { body: { data: rows } };
    if (method === 'POST' && path === '/admin/adjustments/3/approve') {
      if (approve !== 'network-error' && approve.status === undefined) rows = rows.map((r) => (r.id === 3 ? { ...r, status: 'approved', decided_by: 1 } : r));
      return approve;
    }
    if (method === 'POST' && path === '/admin/adjustments/3/reject') return reject;
    if (method === 'POST' && path === '/admin/adjustments/2/approve') {
      return {
        status: 422,
        body: {
          message: 'Another admin must decide an adjustment you asked for',
          errorCode: 'FOUR_EYES',
          errors: { adjustment: ['Another admin must decide an adjustment you asked for'] },
        },
      };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('/boss/approvals', () => {
  it('lists the waiting adjustments apart from the decided ones', async () => {
    serve();
    renderUi(<AdjustmentApprovals />);
    const waiting = await screen.findByRole('table', { name: 'Adjustments waiting for approval' });
    const [, first, second] = within(waiting).getAllByRole('row') as HTMLElement[];
    expect(first).toHaveTextContent('#3');
    expect(first).toHaveTextContent('+₦150,000.00');
    expect(first).toHaveTextContent('Jackpot paid by hand');
    expect(first).toHaveTextContent('Admin #2');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Player #7' })).toHaveAttribute('href', '/boss/users/7');
    // The admin's own request says so before anyone tries to decide it.
    expect(second).toHaveTextContent('−₦120,000.00');
    expect(second).toHaveTextContent('You (admin #1)');
    expect(second).toHaveTextContent('another admin must decide it');
    expect(screen.getByRole('heading', { name: 'Waiting for a second admin (2)' })).toBeInTheDocument();

    const decided = screen.getByRole('table', { name: 'Decided adjustments' });
    expect(within(decided).getAllByRole('row')[1]).toHaveTextContent('Approved');
    expect(within(decided).queryByRole('button')).toBeNull();
  });

  it('says when nothing is waiting', async () => {
    rows = [];
    serve();
    renderUi(<AdjustmentApprovals />);
    expect(await screen.findByText('No adjustments are waiting.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /^Decided/ })).toBeNull();
  });

  it('approves after a confirmation, announces the new balance and moves the row to Decided', async () => {
    const calls = serve();
    renderUi(<AdjustmentApprovals />);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve request #3 (credit of ₦150,000.00)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve request #3?' });
    expect(dialog).toHaveTextContent('Apply the credit of ₦150,000.00 to player #7’s wallet, asked for by admin #2.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit ₦150,000.00' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(toastStore.get().at(-1)?.message).toBe('Adjustment approved and applied: new balance ₦151,250.00');
    expect(calls.filter((c) => c.path === '/admin/adjustments/3/approve')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Decided (2)' })).toBeInTheDocument());
  });

  it('rejects after a confirmation', async () => {
    serve();
    renderUi(<AdjustmentApprovals />);
    await userEvent.click(await screen.findByRole('button', { name: /^Reject request #3/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject request #3?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(toastStore.get().at(-1)?.message).toBe('Adjustment rejected');
  });

  it('shows the four-eyes refusal inside the confirmation', async () => {
    serve();
    renderUi(<AdjustmentApprovals />);
    await userEvent.click(await screen.findByRole('button', { name: /^Approve request #2/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve request #2?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Debit ₦120,000.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Another admin must decide an adjustment you asked for',
    );
  });

  it('shows an already-decided or overdrawing 422 the same way', async () => {
    approve = {
      status: 422,
      body: { message: 'This adjustment is already rejected', errors: { adjustment: ['This adjustment is already rejected'] } },
    };
    serve();
    renderUi(<AdjustmentApprovals />);
    await userEvent.click(await screen.findByRole('button', { name: /^Approve request #3/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve request #3?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit ₦150,000.00' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This adjustment is already rejected');
  });
});
