import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { adminToken } from './boss-helpers';
import { openExpressDraw, pickPerm2 } from './play-helpers';
import {
  createVerifiedPlayer,
  expect,
  headerBalance,
  logInThroughDialog,
  screenshot,
  test,
} from './fixtures';

const naira = (kobo: number) => new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(kobo / 100);

async function apiLogin(request: APIRequestContext, userIdentity: string, password: string) {
  const response = await request.post('/api/v1/auth/login', { data: { userIdentity, password } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: { token: string; user: { id: number } } };
  return body.data;
}

async function profileBalance(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/v1/auth/profiles', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  const body = (await response.json()) as { data: { relationships: { wallet: { balance: number } } } };
  return body.data.relationships.wallet.balance;
}

test('a player is funded, buys a PERM 2 and watches the draw settle it live', async ({ page, request }) => {
  // A draw of the demo's "Ayo Express" happens within 3.5 minutes; the wait is for visible state only.
  test.setTimeout(7 * 60_000);
  const player = await createVerifiedPlayer(request);

  await page.goto('/');
  await expect(page.getByTestId('next-draw').getByRole('timer')).toBeVisible();
  await screenshot(page, 'lotto-home');
  await logInThroughDialog(page, player.email, player.password);
  await expect(headerBalance(page)).toHaveText('₦0.00');

  // The demo admin credits ₦10,000; the socket brings the new balance to the header without a reload.
  const bossToken = await adminToken(request);
  const me = await apiLogin(request, player.email, player.password);
  const adjusted = await request.post(`/api/v1/admin/users/${me.user.id}/adjust`, {
    headers: { Authorization: `Bearer ${bossToken}` },
    data: { amount: 1_000_000, reason: 'e2e funding', idempotency_key: randomUUID() },
  });
  expect(adjusted.status(), await adjusted.text()).toBe(200);
  await expect(headerBalance(page)).toHaveText('₦10,000.00');

  await openExpressDraw(page);
  await pickPerm2(page);
  await expect(page.getByTestId('slip-lines')).toHaveText('3');
  await expect(page.getByTestId('slip-win')).toHaveText('₦36,000.00');
  await screenshot(page, 'lotto-play');

  await page.getByRole('button', { name: /^Buy ticket/ }).click();
  const bought = page.getByTestId('ticket-bought');
  await expect(bought).toBeVisible();
  // The header drops at once, from the purchase's answer.
  await expect(headerBalance(page)).toHaveText('₦9,850.00');
  const [, ticketId, drawId] = /Ticket #(\d+) bought for draw #(\d+)/.exec((await bought.textContent()) ?? '') ?? [];
  expect(ticketId && drawId).toBeTruthy();

  // No reload from here on: the balls arrive over the socket and the ticket settles in place.
  const result = page.locator(`article[data-draw-id="${drawId}"]`);
  await expect(result.getByRole('list', { name: /Winning numbers/ }).getByRole('listitem')).toHaveCount(5, {
    timeout: 5 * 60_000,
  });
  const ticket = page.locator(`[data-ticket-id="${ticketId}"]`);
  await expect(ticket.getByTestId('ticket-status')).toHaveText(/^(Won|Lost)$/, { timeout: 60_000 });
  await expect
    .poll(async () => (await headerBalance(page).textContent()) === naira(await profileBalance(request, me.token)))
    .toBe(true);

  await result.getByRole('button', { name: 'Verify this result' }).click();
  await expect(result.getByText(/All checks passed/)).toBeVisible();
  // Four checks, none failed (a v2 draw without a witness marks that line "–", not "✓").
  const checks = result.getByRole('list', { name: 'Checks' });
  await expect(checks.getByRole('listitem')).toHaveCount(4);
  await expect(checks.getByText(/^Failed:/)).toHaveCount(0);
  // The result's heading just under the sticky header, so the balls and the verdict are in the picture.
  await result.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -72);
  });
  await screenshot(page, 'lotto-verified');

  await page.getByRole('link', { name: 'All my tickets' }).click();
  await expect(page).toHaveURL(/\/user\/my-lottery$/);
  await expect(page).toHaveTitle('Ayo Lotto | My lottery');
  const row = page.locator(`[data-ticket-id="${ticketId}"]`);
  await expect(row.getByTestId('ticket-status')).toHaveText(/^(Won|Lost)$/);
  await expect(headerBalance(page)).toHaveText(naira(await profileBalance(request, me.token)));
  await screenshot(page, 'lotto-my-lottery');
});

test('a guest sees the board and is asked to log in when pressing Buy', async ({ page }) => {
  await page.goto('/games/ayo-express');
  const twelve = page.getByRole('button', { name: '12', exact: true });
  await twelve.click();
  await expect(twelve).toHaveAttribute('aria-pressed', 'true');
  // Between a close and the next opening Buy is off; wait for a draw on sale.
  await expect(page.getByTestId('draw-bar')).toHaveAttribute('data-draw-id', /^\d+$/, { timeout: 90_000 });
  await page.getByRole('button', { name: /^Buy ticket/ }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
});
