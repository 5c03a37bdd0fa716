import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { routeFetch } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import { TaxRules } from './tax-rules';

const LAGOS = { state: 'LA', rate_bp: 500, from: '2026-01-01' };

beforeEach(() => saveLogin(makeLogin({ user: makeUser({ role: 'admin' }) })));
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

describe('<TaxRules>', () => {
  it('shows and takes a rule’s start day first, as Nigeria writes it, and sends the day the server reads', async () => {
    const { fetchMock, calls } = routeFetch((method, path) => {
      if (path === '/admin/tax-rules') return { body: { data: [LAGOS] } };
      if (method === 'POST' && path === '/admin/tax-rules/create') {
        return { body: { data: [LAGOS, { state: 'OG', rate_bp: 750, from: '2026-12-01' }] } };
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderUi(<TaxRules />);
    expect(await screen.findByText('01/01/2026')).toBeInTheDocument();

    const from = screen.getByRole('textbox', { name: 'From' });
    expect(from).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await user.type(from, '3102');
    await user.tab();
    expect(from).toHaveAccessibleDescription(/enter the start date as dd\/mm\/yyyy/i);

    await user.clear(from);
    await user.type(from, '01122026');
    expect(from).toHaveValue('01/12/2026');
    await user.type(screen.getByRole('textbox', { name: 'Rate (%)' }), '7.5');
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')?.body;
    expect(sent).toMatchObject({ rate_bp: 750, from: '2026-12-01' });
  });
});
