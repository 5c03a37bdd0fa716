import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeErrorDialog, errorDialogStore } from '@/lib/error-dialog-store';
import { toastStore } from '@/lib/toast-store';
import {
  api,
  apiDownload,
  ApiError,
  errorMessageOf,
  filenameFromDisposition,
  reactionTo,
  setApiNavigator,
} from '@/lib/api-client';
import { clearSession, getSession, saveLogin } from '@/lib/session';
import { makeLogin, mockFetch } from '@/testing/data';

const navigate = vi.fn();

beforeEach(() => {
  setApiNavigator(navigate);
  navigate.mockReset();
  closeErrorDialog();
  toastStore.set([]);
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('docs/product.md §16 error reactions', () => {
  it('treats 500, 502 and no answer as "something went wrong", N403 as an expired session, the rest as errors', () => {
    expect(reactionTo(500, null)).toBe('something-went-wrong');
    expect(reactionTo(502, null)).toBe('something-went-wrong');
    expect(reactionTo(0, null)).toBe('something-went-wrong');
    expect(reactionTo(401, { errorCode: 'N403' })).toBe('session-expired');
    expect(reactionTo(401, { message: 'Invalid login details' })).toBe('error-dialog');
    expect(reactionTo(422, {})).toBe('error-dialog');
    expect(reactionTo(429, {})).toBe('error-dialog');
  });

  it('shows the message, else errors.message', () => {
    expect(errorMessageOf({ message: 'Invalid login details' })).toBe('Invalid login details');
    expect(errorMessageOf({ errors: { message: ['Nested problem'] } })).toBe('Nested problem');
    expect(errorMessageOf({ errors: { message: 'Plain nested' } })).toBe('Plain nested');
    expect(errorMessageOf({})).toBeUndefined();
  });
});

describe('the API client', () => {
  it('sends the stored token as a bearer header', async () => {
    saveLogin(makeLogin({ token: 'secret-token' }));
    const { fetchMock, calls } = mockFetch({ 'GET /auth/profiles': { body: { data: { id: 1 } } } });
    vi.stubGlobal('fetch', fetchMock);
    const response = await api.get('/auth/profiles');
    expect(response.data).toEqual({ id: 1 });
    expect(new Headers(calls[0]?.init?.headers).get('Authorization')).toBe('Bearer secret-token');
  });

  it('sends no token on a no-auth call, and JSON in the body', async () => {
    saveLogin(makeLogin());
    const { fetchMock, calls } = mockFetch({ 'POST /auth/login': { body: { data: {} } } });
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/auth/login', { userIdentity: 'a', password: 'b' }, { noAuth: true });
    const headers = new Headers(calls[0]?.init?.headers);
    expect(headers.get('Authorization')).toBeNull();
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual({ userIdentity: 'a', password: 'b' });
  });

  it('opens the info dialog "Something went wrong, please contact admin" on a 500 or 502', async () => {
    for (const status of [500, 502]) {
      vi.stubGlobal('fetch', mockFetch({ 'POST /users/create': { status, body: { message: 'boom' } } }).fetchMock);
      await expect(api.post('/users/create', {}, { noAuth: true })).rejects.toBeInstanceOf(ApiError);
      expect(errorDialogStore.get()).toEqual({ title: 'Info', message: 'Something went wrong, please contact admin' });
      closeErrorDialog();
    }
  });

  it('opens the same dialog when the network is down', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.post('/users/create', {}, { noAuth: true })).rejects.toMatchObject({ status: 0 });
    expect(errorDialogStore.get()?.message).toBe('Something went wrong, please contact admin');
  });

  it('gives up after 10 seconds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_input: RequestInfo, init?: RequestInit) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.post('/users/create', {}, { noAuth: true });
    const outcome = expect(pending).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(9_999);
    expect(errorDialogStore.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(errorDialogStore.get()?.message).toBe('Something went wrong, please contact admin');
  });

  it('shows other errors in a dialog titled "Error!" with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'POST /auth/login': { status: 401, body: { message: 'Invalid login details' } } }).fetchMock,
    );
    await expect(api.post('/auth/login', {}, { noAuth: true })).rejects.toMatchObject({ status: 401 });
    expect(errorDialogStore.get()).toEqual({ title: 'Error!', message: 'Invalid login details' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('gives forms the field errors of a 422', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'POST /users/create': {
          status: 422,
          body: { message: 'Email is taken', errors: { email: ['Email is taken'] } },
        },
      }).fetchMock,
    );
    const error = await api.post('/users/create', {}, { noAuth: true }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldError('email')).toBe('Email is taken');
  });

  it('clears the session and goes to / on 401 N403', async () => {
    saveLogin(makeLogin());
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /auth/profiles': { status: 401, body: { message: 'Expired', errorCode: 'N403' } } }).fetchMock,
    );
    await expect(api.get('/auth/profiles')).rejects.toMatchObject({ errorCode: 'N403' });
    expect(getSession().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    expect(errorDialogStore.get()).toBeNull();
    expect(toastStore.get().map((t) => t.message)).toContain('Please login to continue');
  });

  it('does not call the server at all without a valid token', async () => {
    saveLogin(makeLogin());
    clearSession('expired');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/accounts/banks')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('lets a read that a page still makes after Log out fail quietly, without a toast or a trip to /', async () => {
    saveLogin(makeLogin());
    clearSession('logout');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/admin/dashboard')).rejects.toMatchObject({ status: 401, errorCode: 'N403' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(toastStore.get()).toEqual([]);
    expect(errorDialogStore.get()).toBeNull();
    // An action is still answered as docs/product.md §15 says.
    await expect(api.post('/tickets/create', {})).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('keeps the dialog away when the caller handles the error', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'POST /auth/login': { status: 403, body: { message: 'Verify first', errorCode: 'UNVERIFIED' } },
      }).fetchMock,
    );
    await expect(api.post('/auth/login', {}, { noAuth: true, handled: () => true })).rejects.toBeInstanceOf(ApiError);
    expect(errorDialogStore.get()).toBeNull();
  });
});

describe('downloads', () => {
  it('names the file as the server says, else a fallback', () => {
    expect(filenameFromDisposition('attachment; filename="ayo-lotto-transactions-2026-11-22.csv"', 'x.csv')).toBe(
      'ayo-lotto-transactions-2026-11-22.csv',
    );
    expect(filenameFromDisposition("attachment; filename*=UTF-8''ayo%20lotto.csv", 'x.csv')).toBe('ayo lotto.csv');
    expect(filenameFromDisposition('attachment; filename=plain.csv', 'x.csv')).toBe('plain.csv');
    expect(filenameFromDisposition(null, 'x.csv')).toBe('x.csv');
  });

  it('sends the bearer token and goes through the docs/product.md §16 errors like every call', async () => {
    saveLogin(makeLogin({ token: 'secret-token' }));
    const { fetchMock, calls } = mockFetch({
      'GET /transactions/export?type=foo': { status: 422, body: { message: 'type is one of deposit, withdrawal' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiDownload('/transactions/export?type=foo', 'x.csv')).rejects.toBeInstanceOf(ApiError);
    expect(new Headers(calls[0]?.init?.headers).get('Authorization')).toBe('Bearer secret-token');
    expect(errorDialogStore.get()).toEqual({ title: 'Error!', message: 'type is one of deposit, withdrawal' });
  });
});
