import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/lib/toast-store';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { routeFetch } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import type { IdentityReview } from '@/features/admin/types';
import { IdentityReviews } from './identity-reviews';

function makeReview(overrides: Partial<IdentityReview> = {}): IdentityReview {
  return {
    id: 7,
    user_id: 7,
    email: 'ada@example.com',
    status: 'review',
    kind: 'nin',
    masked_nin: '•••••••1111',
    provider: 'sandbox',
    player_name: 'Ada Obi',
    name_on_id: 'MUSA GARBA',
    account_name: 'TUNDE OLADIPO',
    score: 0,
    match_reason: 'Not found on the other side: ada, obi',
    decision_reason: null,
    submitted_at: '2026-11-25T09:00:00Z',
    updated_at: '2026-11-25T09:00:00Z',
    ...overrides,
  };
}

let rows: IdentityReview[];

beforeEach(() => {
  saveLogin(makeLogin({ user: makeUser({ id: 1, role: 'admin' }) }));
  act(() => toastStore.set([]));
  rows = [makeReview()];
});
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

function serve() {
  const { fetchMock, calls } = routeFetch((method, path, body) => {
    if (method === 'GET' && path.startsWith('/admin/identity-reviews')) return { body: { data: rows } };
    if (method === 'POST' && path === '/admin/identity-reviews/7/approve') {
      if ((body as { reason: string }).reason.length < 5) {
        return { status: 422, body: { message: 'Give a reason', errors: { reason: ['Give a reason'] } } };
      }
      rows = [];
      return { body: { data: makeReview({ status: 'verified' }), message: 'Identity approved' } };
    }
    return undefined;
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('/boss/identity-reviews', () => {
  it('shows the three names side by side with the score and the NIN masked', async () => {
    serve();
    renderUi(<IdentityReviews />);
    const table = await screen.findByRole('table', { name: 'Identity checks waiting for review' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Ada Obi');
    expect(row).toHaveTextContent('MUSA GARBA');
    expect(row).toHaveTextContent('TUNDE OLADIPO');
    expect(row).toHaveTextContent('•••••••1111');
    expect(row).toHaveTextContent('0 / 100');
    expect(within(row).getByRole('link', { name: 'Ada Obi' })).toHaveAttribute('href', '/boss/users/7');
    expect(screen.getByRole('heading', { name: 'Waiting for a decision (1)' })).toBeInTheDocument();
  });

  it('approves with a reason after a confirmation', async () => {
    const calls = serve();
    renderUi(<IdentityReviews />);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve the identity of Ada Obi' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Approve Ada Obi?' });
    expect(dialog).toHaveTextContent('the NIN •••••••1111 is MUSA GARBA');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Deed poll seen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(toastStore.get().at(-1)?.message).toBe('Identity approved');
    const sent = calls.find((c) => c.path === '/admin/identity-reviews/7/approve');
    expect(sent?.body).toEqual({ reason: 'Deed poll seen' });
    expect(await screen.findByText('No identity checks are waiting.')).toBeInTheDocument();
  });
});
