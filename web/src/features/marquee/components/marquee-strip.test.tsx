import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { renderApp } from '@/testing/render-app';
import { scrollSeconds } from '@/features/marquee/components/marquee-strip';

describe('the announcements strip', () => {
  let active: { id: number; text: string }[];
  let calls: string[];
  beforeEach(() => {
    active = [{ id: 1, text: 'Welcome to Ayo Lotto' }];
    calls = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input).replace(/^\/api\/v1/, '');
      calls.push(`${init?.method ?? 'GET'} ${url} ${new Headers(init?.headers).get('Authorization') ?? ''}`.trim());
      const body = url === '/marquees/active' ? { data: active } : { data: [] };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.removeItem('ayo.marquee.shown');
  });

  it('lists the live messages under the header, once for screen readers, without a token', async () => {
    renderApp('/about');
    const strip = await screen.findByRole('region', { name: 'Announcements' });
    expect(within(strip).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Welcome to Ayo Lotto']);
    expect(calls).toContain('GET /marquees/active');
    expect(within(strip).getByRole('button', { name: 'Pause announcements' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('follows marquee.updated and the snapshot after a reconnect, without a reload', async () => {
    renderApp('/about');
    await screen.findByText('Welcome to Ayo Lotto', { selector: '[data-testid="marquee"] ul:not([aria-hidden]) li' });
    const socket = FakeWebSocket.latest();
    expect(socket).toBeDefined();
    act(() => socket?.open());
    act(() =>
      socket?.serverSends({
        type: 'marquee.updated',
        topic: 'marquee',
        seq: 1,
        data: { marquees: [{ id: 2, text: 'Bumper Friday tonight' }, { id: 1, text: 'Welcome to Ayo Lotto' }] },
      }),
    );
    const strip = screen.getByRole('region', { name: 'Announcements' });
    await waitFor(() =>
      expect(within(strip).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'Bumper Friday tonight',
        'Welcome to Ayo Lotto',
      ]),
    );
    act(() => socket?.serverSends({ type: 'snapshot', topic: 'snapshot', seq: 0, data: { draws: [], marquees: [] } }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull());
  });

  it('shows nothing while there is no message', async () => {
    active = [];
    renderApp('/about');
    await waitFor(() => expect(calls).toContain('GET /marquees/active'));
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
  });

  it('holds its place while loading when the last visit had messages, and forgets once there are none', async () => {
    localStorage.setItem('ayo.marquee.shown', '1');
    active = [];
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input).replace(/^\/api\/v1/, '');
      if (url === '/marquees/active') await answered;
      return new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderApp('/about');
    expect(await screen.findByTestId('marquee-placeholder')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
    act(() => answer());
    await waitFor(() => expect(screen.queryByTestId('marquee-placeholder')).toBeNull());
    expect(localStorage.getItem('ayo.marquee.shown')).toBe('0');
  });

  it('scrolls long text no faster than short text', () => {
    expect(scrollSeconds(['Hi'])).toBe(12);
    expect(scrollSeconds(['x'.repeat(280)])).toBeGreaterThan(scrollSeconds(['x'.repeat(100)]));
  });
});
