/**
 * Tools for the back-office journeys: logging the demo admin in (through /boss with the authenticator code, or an
 * API token for set-up steps), money and tickets for a player through the API, and screenshots of a screen at desk
 * and phone sizes.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { nextAdminCode } from './admin-code';
import { admin, createVerifiedPlayer, expect, type Player } from './fixtures';

/** /boss, step one: the demo admin's email and password. */
export async function enterAdminPassword(page: Page) {
  const { email, password } = admin();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The code step's input (the authenticator's 6 digits, or a recovery code). */
export function codeInput(page: Page) {
  return page.getByRole('textbox', { name: 'Authenticator code' });
}

/** /boss, step two: a fresh code from the demo admin's authenticator, once the code step shows. */
export async function enterAdminCode(page: Page) {
  await expect(codeInput(page)).toBeVisible();
  await codeInput(page).fill(await nextAdminCode());
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The demo admin logs in at /boss (password, then the authenticator code) and lands on the dashboard. */
export async function logInAsAdmin(page: Page) {
  if (keptAdminSession && (await stillSignedIn(page, keptAdminSession))) {
    // Put the kept session in place before the app's first script reads it; once per tab (sessionStorage marks
    // it), so a journey that logs out later stays logged out.
    await page.addInitScript((entries) => {
      if (sessionStorage.getItem('e2e-admin-session')) return;
      sessionStorage.setItem('e2e-admin-session', '1');
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, keptAdminSession);
    await page.goto('/boss/dashboard');
    await expect(page).toHaveURL(/\/boss\/dashboard$/);
    return;
  }
  await page.goto('/boss');
  await enterAdminPassword(page);
  await enterAdminCode(page);
  await expect(page).toHaveURL(/\/boss\/dashboard$/);
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('token'),
    expiry: localStorage.getItem('expiry'),
    user: localStorage.getItem('user'),
  }));
  if (stored.token && stored.expiry && stored.user) {
    keptAdminSession = { token: stored.token, expiry: stored.expiry, user: stored.user };
  }
}

/**
 * The demo admin's signed-in session from this worker's first login through /boss (localStorage's `token`, `expiry`
 * and `user`). The server takes each authenticator step once per admin, so every further login waits up to 30 s for
 * a fresh code (admin-code.ts); the journeys about signing in do it themselves (accounts.spec.ts, admin-2fa.spec.ts),
 * the others open /boss with this session.
 */
type KeptSession = { token: string; expiry: string; user: string };
let keptAdminSession: KeptSession | undefined;

/** The kept session's token still opens the back office (not expired, not revoked by a log out). */
async function stillSignedIn(page: Page, { token, expiry }: KeptSession): Promise<boolean> {
  if (Number(expiry) - Date.now() < 60_000) return false;
  const answer = await page.request.get('/api/v1/admin/dashboard', { headers: { Authorization: `Bearer ${token}` } });
  return answer.ok();
}

/** A player's API token (one step: players have no second factor). */
export async function apiToken(request: APIRequestContext, identity: string, password: string): Promise<string> {
  const answer = await request.post('/api/v1/auth/login', { data: { userIdentity: identity, password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

type AdminLogin = { token: string; user: { id: number } };

type EnrolledAdmin = { email: string; password: string; totpSecret: string };

/**
 * An enrolled admin (the demo admin unless told) through the API: POST /auth/login answers an `mfa_token`, POST
 * /auth/mfa/verify the login.
 */
export async function adminApiLogin(request: APIRequestContext, who: EnrolledAdmin = admin()): Promise<AdminLogin> {
  const { email, password, totpSecret } = who;
  const answer = await request.post('/api/v1/auth/login', { data: { userIdentity: email, password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const challenge = ((await answer.json()) as { data: { mfa_token?: string; mfa?: string } }).data;
  // The admin is enrolled: a code is asked for, never a set-up.
  expect(challenge.mfa, `${email} is asked for a code`).toBe('required');
  const verified = await request.post('/api/v1/auth/mfa/verify', {
    data: { mfa_token: challenge.mfa_token, code: await nextAdminCode(totpSecret) },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  return ((await verified.json()) as { data: AdminLogin }).data;
}

/**
 * The demo admin's API token, fetched once per run: the server allows 30 logins and 10 OTP checks a minute per
 * client address, every journey of the suite comes from the same one, and each admin login spends an
 * authenticator step (see admin-code.ts).
 */
let cachedAdminToken: Promise<string> | undefined;
export function adminToken(request: APIRequestContext): Promise<string> {
  cachedAdminToken ??= adminApiLogin(request).then((login) => login.token);
  cachedAdminToken.catch(() => {
    cachedAdminToken = undefined;
  });
  return cachedAdminToken;
}

/** One verified player shared by this file's journeys (each verification counts against the same limit). */
let sharedPlayer: Promise<Player> | undefined;
export function theSharedPlayer(request: APIRequestContext): Promise<Player> {
  sharedPlayer ??= createVerifiedPlayer(request);
  return sharedPlayer;
}

type UserRow = { id: number; email: string };

export async function playerId(request: APIRequestContext, token: string, email: string): Promise<number> {
  const answer = await request.get(`/api/v1/admin/users?search=${encodeURIComponent(email)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const rows = ((await answer.json()) as { data: UserRow[] }).data;
  const row = rows.find((r) => r.email === email);
  if (!row) throw new Error(`no player ${email}`);
  return row.id;
}

/**
 * Credits a player through the admin API (kobo), each call with its own idempotency key. At most the approval
 * limit (₦100,000 unless AYO_ADJUST_APPROVAL_ABOVE says otherwise), and that is what one admin may move alone in a
 * Lagos day, summed over every call and player: above it the server only files a request (202).
 */
export async function credit(request: APIRequestContext, token: string, userId: number, kobo: number) {
  const answer = await request.post(`/api/v1/admin/users/${userId}/adjust`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { amount: kobo, reason: 'E2E set-up credit', idempotency_key: randomUUID() },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

type DrawRow = { id: number; status: string; closes_at: string };
type GameRow = { id: number; slug: string; next_draw: DrawRow | null };

/** Buys a few tickets on the Ayo Express draw on sale now (it draws every three minutes). */
export async function buyTickets(request: APIRequestContext, playerToken: string) {
  const headers = { Authorization: `Bearer ${playerToken}` };
  let draw: DrawRow | null = null;
  await expect
    .poll(
      async () => {
        const games = ((await (await request.get('/api/v1/games')).json()) as { data: GameRow[] }).data;
        const next = games.find((g) => g.slug === 'ayo-express')?.next_draw ?? null;
        // Leave a few seconds before sales close.
        draw = next && next.status === 'open' && Date.parse(next.closes_at) - Date.now() > 8_000 ? next : null;
        return draw !== null;
      },
      { message: 'an open Ayo Express draw', timeout: 60_000, intervals: [1_000] },
    )
    .toBe(true);
  const drawId = (draw as DrawRow | null)?.id;
  const bets = [
    { bet_type: 'NAP2', numbers: [7, 21], stake_per_line: 10_000 },
    { bet_type: 'PERM2', numbers: [3, 14, 27], stake_per_line: 2_000 },
    { bet_type: 'AGAINST', top: [1, 2], bottom: [88, 89], stake_per_line: 1_500 },
  ];
  for (const [i, bet] of bets.entries()) {
    const answer = await request.post('/api/v1/tickets/create', {
      headers,
      data: { draw_id: drawId, ...bet, idempotency_key: `e2e-${Date.now()}-${i}` },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }
}

/** The shared player with money added; returns the player and their id. */
export async function fundedPlayer(request: APIRequestContext, kobo = 500_000) {
  const player = await theSharedPlayer(request);
  const token = await adminToken(request);
  const id = await playerId(request, token, player.email);
  await credit(request, token, id, kobo);
  return { player, id };
}

/** The screen at a desk (1280 × 800) and on a phone (360 × 740): test-results/screenshots/boss-<name>-*.png. */
export async function screenshotBoth(page: Page, name: string) {
  for (const [label, size] of [
    ['1280', { width: 1280, height: 800 }],
    ['360', { width: 360, height: 740 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(350);
    await page.screenshot({ path: `test-results/screenshots/boss-${name}-${label}.png` });
    await page.screenshot({ path: `test-results/screenshots/boss-${name}-${label}-full.png`, fullPage: true });
    // Nothing may stick out sideways: wide tables scroll inside their own box or become cards.
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const wide = Array.from(document.querySelectorAll<HTMLElement>('body *')).filter((el) => {
        if (el.getBoundingClientRect().right <= width + 0.5) return false;
        for (let up = el.parentElement; up; up = up.parentElement) {
          if (/(auto|scroll|hidden|clip)/.test(getComputedStyle(up).overflowX)) return false;
        }
        return true;
      });
      return wide.length
        ? wide
            .slice(-3)
            .map((el) => `${el.tagName.toLowerCase()}.${el.className} (right edge ${Math.round(el.getBoundingClientRect().right)} px)`)
            .join(', ')
        : null;
    });
    expect(overflow, `${name} at ${label} px`).toBeNull();
  }
}

/** A second, separate browser (own storage) for the player while the admin works in the first. */
export async function newPlayerPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    locale: 'en-NG',
    timezoneId: 'Africa/Lagos',
  });
  return { context, page: await context.newPage() };
}
