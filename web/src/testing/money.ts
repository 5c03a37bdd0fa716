/** Builders for the money objects and a fetch stand-in that answers by a function of method and path. */
import { act } from '@testing-library/react';
import type { BankAccount, Deposit, LimitsAnswer, Withdrawal } from '@/types/money';
import type { FakeWebSocket } from '@/testing/fake-websocket';
import { latestSocket, sendSnapshot } from '@/testing/live-socket';

export function makeDeposit(overrides: Partial<Deposit> = {}): Deposit {
  return {
    reference: 'AYO-16-AB21C8D13A2E',
    amount: 500_000,
    status: 'pending',
    gateway: 'sandbox',
    authorization_url: 'http://localhost/api/v1/payments/sandbox/checkout/AYO-16-AB21C8D13A2E',
    failure_reason: null,
    created_at: '2026-11-22T08:00:11.957Z',
    updated_at: '2026-11-22T08:00:11.957Z',
    ...overrides,
  };
}

/** GET /limits's answer for a player with no limit set and nothing deposited in any window. */
export function makeLimits(overrides: Partial<LimitsAnswer> = {}): LimitsAnswer {
  return {
    daily: null,
    weekly: null,
    monthly: null,
    pending: { daily: null, weekly: null, monthly: null },
    used: { daily: 0, weekly: 0, monthly: 0 },
    window: 'rolling',
    ...overrides,
  };
}

export function makeBankAccount(overrides: Partial<BankAccount> = {}): BankAccount {
  return {
    bank_code: '058',
    bank_name: 'Guaranty Trust Bank (GTBank)',
    account_number: '0123456785',
    account_name: 'TUNDE OLADIPO',
    created_at: '2026-11-22T08:00:11.880Z',
    updated_at: '2026-11-22T08:00:11.880Z',
    withdrawals_held_until: null,
    ...overrides,
  };
}

export function makeWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 20,
    user_id: 7,
    amount: 150_000,
    status: 'pending',
    bank_code: '058',
    bank_name: 'Guaranty Trust Bank (GTBank)',
    account_number: '0123456785',
    account_name: 'TUNDE OLADIPO',
    reason: null,
    transfer_reference: 'ayo-withdrawal-0000000020',
    transaction_id: 21,
    created_at: '2026-11-22T08:00:22.362Z',
    updated_at: '2026-11-22T08:00:22.362Z',
    ...overrides,
  };
}

export type Reply = { status?: number; body?: unknown } | 'network-error';
export type Call = { method: string; path: string; body: unknown; headers: Headers };

/**
 * A fetch that asks `route(method, path, body)` for each answer (path without `/api/v1`, query included);
 * undefined means a 404. `'network-error'` fails as a dropped connection does.
 */
export function routeFetch(route: (method: string, path: string, body: unknown) => Reply | undefined) {
  const calls: Call[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, body, headers: new Headers(init?.headers) });
    const reply = route(method, path, body);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const missing = { status: 404, body: { message: `no route for ${method} ${path}` } };
    const { status = 200, body: answer = {} } = reply ?? missing;
    return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetchMock, calls };
}

/** The app's socket, opened and synced, ready for `wallet.updated`. */
export function openSocket(): FakeWebSocket {
  const socket = latestSocket();
  act(() => socket.open());
  sendSnapshot();
  return socket;
}

let seq = 0;
export function walletUpdated(socket: FakeWebSocket, balance: number, transaction: unknown = null) {
  seq += 1;
  act(() => socket.serverSends({ type: 'wallet.updated', topic: 'user:7', seq, data: { balance, transaction } }));
}
