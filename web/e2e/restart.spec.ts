/**
 * A restart as an operator makes one (systemd's SIGTERM, then the new process on the same port and data): an open
 * page says it is reconnecting while the server is away, reconnects by itself when the server is back, and takes
 * live news again, all without a reload. This journey runs a server of its own, so the shared one never restarts
 * under the other journeys.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from './fixtures';
import { serve, stop } from './serve';
import { totp } from './totp';

/** Not the shared server's settings: AYO_DATA_DIR (set by the global setup) would override --data-dir. */
const OWN_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AYO_')));

test('an open page reconnects by itself after the server restarts, and takes live news again', async ({
  page,
  request,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ayo-e2e-restart-'));
  const running: ChildProcess[] = [];
  try {
    const first = await serve(dataDir, '127.0.0.1:0', OWN_ENV);
    running.push(first.server);
    await page.goto(`${first.url}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Mark this document: finding the mark at the end proves the page was never reloaded.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // SIGTERM drains and exits 0; the page, live until then, says what it can no longer vouch for.
    expect(await stop(first.server)).toBe(0);
    const notice = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await page.screenshot({ path: 'test-results/screenshots/restart-reconnecting-360.png' });

    // The new process on the same port and data: the page finds it without help and drops the notice.
    const second = await serve(dataDir, new URL(first.url).host, OWN_ENV);
    running.push(second.server);
    await expect(notice).toBeHidden({ timeout: 40_000 });

    // Live again: a marquee published now reaches the open page through its new socket.
    const post = (path: string, data: object, token?: string) =>
      request.post(`${second.url}/api/v1${path}`, {
        data,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
    const login = await (await post('/auth/login', { userIdentity: second.email, password: second.password })).json();
    const verified = await (
      await post('/auth/mfa/verify', { mfa_token: login.data.mfa_token, code: totp(second.totpSecret) })
    ).json();
    const text = `Back after a restart ${Date.now()}`;
    const published = await post('/admin/marquees', { text, priority: 9 }, verified.data.token);
    expect(published.status(), await published.text()).toBe(201);
    const strip = page.getByRole('region', { name: 'Announcements' });
    await expect(strip.getByText(text).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  } finally {
    await Promise.all(running.map(stop));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
