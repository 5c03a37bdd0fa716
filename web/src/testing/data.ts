import type { AuthResult, User } from '@/types/api';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Ada Obi',
    email: 'ada@example.com',
    phoneNumber: '+2348012345678',
    dob: '1990-05-17',
    role: 'user',
    email_verified: true,
    status: 'active',
    created_at: '2026-11-22T03:00:00Z',
    state: 'LA',
    relationships: { wallet: { balance: 125_000 } },
    ...overrides,
  };
}

export function makeLogin(overrides: Partial<AuthResult> = {}): AuthResult {
  return { token: 'token-abc', expires_in: 3600, user: makeUser(), ...overrides };
}

/** A fetch stand-in answering by "METHOD /path" with a status and a JSON body. */
export type Answer = { status?: number; body?: unknown } | ((init: RequestInit | undefined) => { status?: number; body?: unknown });

export function mockFetch(answers: Record<string, Answer>) {
  const calls: { method: string; path: string; init?: RequestInit }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    calls.push({ method, path, init });
    const answer = answers[`${method} ${path}`];
    if (!answer) return new Response(JSON.stringify({ message: `no mock for ${method} ${path}` }), { status: 404 });
    const { status = 200, body = {} } = typeof answer === 'function' ? answer(init) : answer;
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetchMock, calls };
}
