import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '@/testing/money';
import { renderUi } from '@/testing/render-ui';
import { SandboxBanner } from './sandbox-banner';

afterEach(() => vi.unstubAllGlobals());

function serveHealth(payments: string) {
  const { fetchMock, calls } = routeFetch((method, path) =>
    method === 'GET' && path === '/health' ? { body: { data: { status: 'ok', version: '0.1.0', payments } } } : undefined,
  );
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('the SANDBOX banner', () => {
  it('says no real money moves while the sandbox gateway runs', async () => {
    serveHealth('sandbox');
    renderUi(<SandboxBanner />);
    expect(await screen.findByRole('note')).toHaveTextContent('SANDBOX — no real money');
  });

  it('is absent on a live install', async () => {
    const calls = serveHealth('paystack');
    renderUi(<SandboxBanner />);
    await waitFor(() => expect(calls.some((c) => c.path === '/health')).toBe(true));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
