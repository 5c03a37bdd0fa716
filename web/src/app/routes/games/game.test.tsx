import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/data';
import { RECONNECTING_GRACE_MS } from '@/lib/use-live-connection';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { latestSocket, reopenSocket, sendSnapshot } from '@/testing/live-socket';
import { makeDraw, makeGame } from '@/testing/lotto';
import { renderApp } from '@/testing/render-app';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function servePlayPage() {
  const onSale = makeDraw({
    id: 31,
    status: 'open',
    opens_at: inMinutes(-1),
    closes_at: inMinutes(10),
    draws_at: inMinutes(10.5),
    numbers: null,
    machine_numbers: null,
    seed: null,
    server_time: new Date().toISOString(),
  });
  const game = { ...makeGame({ next_draw: onSale }), upcoming_draws: [], recent_draws: [] };
  vi.stubGlobal('fetch', mockFetch({ 'GET /games/ayo-express': { body: { data: game } } }).fetchMock);
}

const countdown = () => screen.getByRole('timer', { name: /^Sales for draw 31 close in/ });

function expectConfirmed() {
  expect(screen.queryByText('Reconnecting…')).not.toBeInTheDocument();
  expect(countdown()).not.toHaveAccessibleName(/unconfirmed/);
  expect(countdown()).not.toHaveTextContent(/unconfirmed/);
}

describe('/games/:id while the live connection comes and goes', () => {
  it('says nothing about the connection while the page first loads, even if the first socket fails', async () => {
    servePlayPage();
    renderApp('/games/ayo-express');
    await screen.findByRole('timer', { name: /^Sales for draw 31 close in/ });
    expectConfirmed();

    act(() => latestSocket().serverCloses());
    expectConfirmed();

    act(() => window.dispatchEvent(new Event('online')));
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => latestSocket().open());
    expectConfirmed();
    sendSnapshot();
    expectConfirmed();
  });

  it('says "Reconnecting…" and marks the countdown unconfirmed once the socket drops, until a fresh snapshot', async () => {
    servePlayPage();
    renderApp('/games/ayo-express');
    await screen.findByRole('timer', { name: /^Sales for draw 31 close in/ });
    act(() => latestSocket().open());
    expectConfirmed();
    sendSnapshot();
    expectConfirmed();

    vi.useFakeTimers();
    act(() => latestSocket().serverCloses());
    expectConfirmed(); // a blink (a deliberate reconnect resyncs at once) says nothing
    act(() => vi.advanceTimersByTime(RECONNECTING_GRACE_MS));
    const notice = screen.getByText('Reconnecting…').closest('[role="status"]');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    expect(notice).toHaveTextContent('Reconnecting… Times and results may be out of date until we’re back.');
    expect(countdown()).toHaveAccessibleName(/ \(unconfirmed\)$/);
    expect(countdown()).toHaveTextContent(/unconfirmed$/);

    // The browser is back online: a new socket opens, but until its snapshot nothing is confirmed.
    reopenSocket();
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
    expect(countdown()).toHaveAccessibleName(/ \(unconfirmed\)$/);

    sendSnapshot();
    expectConfirmed();
  });
});
