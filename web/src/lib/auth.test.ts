import { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '@/lib/auth';
import { clearSession, getSession, saveLogin } from '@/lib/session';
import { makeLogin } from '@/testing/data';

afterEach(() => {
  act(() => clearSession());
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('ends the session at once and tells the server with the token, without waiting for it', () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    saveLogin(makeLogin({ token: 'token-xyz' }));

    act(() => logout(new QueryClient()));

    expect(getSession().token).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/logout');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer token-xyz');
    answer(new Response(null, { status: 204 }));
  });

  it('ignores a server that does not answer', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    saveLogin(makeLogin());
    act(() => logout(new QueryClient()));
    await Promise.resolve();
    expect(getSession().token).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks nothing of the server when nobody was logged in', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    act(() => logout(new QueryClient()));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
