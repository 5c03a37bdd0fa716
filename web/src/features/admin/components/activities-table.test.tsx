import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveLogin } from '@/lib/session';
import { makeLogin, makeUser } from '@/testing/data';
import { routeFetch } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import { auditParams, DEFAULT_AUDIT_FILTERS } from '@/features/admin/lib/audit-filters';
import { ActivitiesTable } from './activities-table';

const ENTRY = {
  id: 9,
  created_at: '2026-11-22T10:00:00.000Z',
  actor_id: 1,
  actor: 'boss@ayolotto.ng',
  action: 'user.suspended',
  target: 'user:7',
  ip: '10.0.0.1',
  detail: '',
};

/** The activities requests' filters, as objects. */
function asked(paths: string[]) {
  return paths
    .filter((path) => path.startsWith('/admin/activities'))
    .map((path) => Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? '')));
}

beforeEach(() => saveLogin(makeLogin({ user: makeUser({ role: 'admin' }) })));
afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

describe('the audit filters as a request', () => {
  it('hide the witness routine by default and leave out what is empty or not valid', () => {
    expect(auditParams(DEFAULT_AUDIT_FILTERS)).toEqual({
      action: undefined,
      actor: undefined,
      from: undefined,
      to: undefined,
      hide_routine: 'true',
    });
    const typed = { ...DEFAULT_AUDIT_FILTERS, action: ' Login ', actor: 'boss@', hideRoutine: false };
    expect(auditParams(typed)).toMatchObject({ action: 'login', actor: 'boss@', hide_routine: undefined });
    const wrong = { ...DEFAULT_AUDIT_FILTERS, action: 'login failed', from: '2026-11-22', to: '2026-11-21' };
    expect(auditParams(wrong)).toMatchObject({ action: undefined, from: undefined, to: undefined });
  });
});

describe('<ActivitiesTable> filters', () => {
  it('asks for an action, a person and the routine entries, each by a labelled control', async () => {
    const { fetchMock, calls } = routeFetch((_, path) =>
      path.startsWith('/admin/activities') ? { body: { data: [ENTRY], meta: { total: 1 } } } : undefined,
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderUi(<ActivitiesTable />);
    await screen.findAllByText('user.suspended');
    expect(asked(calls.map((c) => c.path))[0]).toMatchObject({ hide_routine: 'true' });

    await user.type(screen.getByRole('textbox', { name: 'Action' }), 'user.suspended');
    await user.type(screen.getByRole('textbox', { name: 'Who' }), 'boss@');
    await waitFor(() =>
      expect(asked(calls.map((c) => c.path)).at(-1)).toMatchObject({ action: 'user.suspended', actor: 'boss@' }),
    );
    const typedOnce = asked(calls.map((c) => c.path)).filter((q) => q.action !== undefined);
    expect(typedOnce.length, 'typing asks once it pauses, not once per key').toBeLessThan(4);

    await user.click(screen.getByRole('checkbox', { name: /hide the witness’s routine entries/i }));
    await waitFor(() => expect(asked(calls.map((c) => c.path)).at(-1)?.hide_routine).toBeUndefined());
  });

  it('names a wrong action beside its field and does not send it', async () => {
    const { fetchMock, calls } = routeFetch(() => ({ body: { data: [], meta: { total: 0 } } }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderUi(<ActivitiesTable />);
    const action = screen.getByRole('textbox', { name: 'Action' });
    await user.type(action, 'login failed');
    expect(action).toHaveAccessibleDescription(/enter an action like login\.failed/i);
    expect(action).toHaveAttribute('aria-invalid', 'true');
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(asked(calls.map((c) => c.path)).every((q) => q.action === undefined)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(action).toHaveValue('');
  });
});
