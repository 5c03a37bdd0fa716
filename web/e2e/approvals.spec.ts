/**
 * Four eyes on manual adjustments, against the real server: an adjustment above the approval limit (₦100,000) is
 * only filed; the admin who asked cannot approve it on /boss/approvals; the checker admin (global-setup.ts) can,
 * and only then does the money move. A retried adjustment with the same idempotency key moves nothing twice.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { adminApiLogin, adminToken, logInAsAdmin, playerId } from './boss-helpers';
import { checker, createVerifiedPlayer, expect, test } from './fixtures';

const stamp = () => String(Date.now()).slice(-6);

async function balanceOf(request: APIRequestContext, token: string, id: number): Promise<number> {
  const answer = await request.get(`/api/v1/admin/users/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: { relationships: { wallet: { balance: number } } } }).data.relationships
    .wallet.balance;
}

test('an adjustment above the limit waits on /boss/approvals until another admin approves it', async ({
  page,
  request,
}) => {
  // Three admin logins (API, page, checker): one may wait for a fresh authenticator step (see admin-code.ts).
  test.setTimeout(120_000);
  // A player of its own: whoever adjusts a wallet may no longer approve that player's withdrawals.
  const player = await createVerifiedPlayer(request);
  const token = await adminToken(request);
  const id = await playerId(request, token, player.email);
  const reason = `Jackpot paid at the office ${stamp()}`;

  await logInAsAdmin(page);
  await page.goto(`/boss/users/${id}`);
  await expect(page.getByTestId('admin-user-balance')).toHaveText('₦0.00');
  await page.getByLabel('Amount (naira)').fill('150000');
  await page.getByLabel('Reason').fill(reason);
  await page.getByRole('button', { name: 'Adjust the wallet' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Adjust this wallet?' });
  await confirm.getByRole('button', { name: 'Credit ₦150,000.00' }).click();
  await expect(confirm).toBeHidden();
  const notice = page.getByText(/is above the approval limit/);
  await expect(notice).toBeVisible();
  const requestId = /Request #(\d+)/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
  expect(requestId).toMatch(/^\d+$/);
  // Nothing moved.
  await expect(page.getByTestId('admin-user-balance')).toHaveText('₦0.00');
  expect(await balanceOf(request, token, id)).toBe(0);

  // The asking admin finds it waiting, and the server refuses their approval.
  await notice.getByRole('link', { name: 'Approvals' }).click();
  await expect(page).toHaveTitle('Ayo Lotto | Approvals');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Approvals' })).toHaveAttribute('aria-current', 'page');
  const waiting = page.getByRole('list', { name: 'Adjustments waiting for approval' });
  const card = waiting.getByRole('listitem').filter({ hasText: reason });
  await expect(card).toContainText('+₦150,000.00');
  await expect(card).toContainText('You asked for this one');
  await card.getByRole('button', { name: `Approve request #${requestId} (credit of ₦150,000.00)` }).click();
  const approve = page.getByRole('alertdialog', { name: `Approve request #${requestId}?` });
  await approve.getByRole('button', { name: 'Credit ₦150,000.00' }).click();
  await expect(approve.getByRole('alert')).toHaveText('Another admin must decide an adjustment you asked for');
  await page.screenshot({ path: 'test-results/screenshots/boss-approvals-four-eyes-360.png' });
  await approve.getByRole('button', { name: 'Keep it' }).click();
  await page.screenshot({ path: 'test-results/screenshots/boss-approvals-360.png', fullPage: true });
  expect(await balanceOf(request, token, id)).toBe(0);

  // The checker approves it: now the money moves, once.
  const second = await adminApiLogin(request, checker());
  const approved = await request.post(`/api/v1/admin/adjustments/${requestId}/approve`, {
    headers: { Authorization: `Bearer ${second.token}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  expect(((await approved.json()) as { data: { balance: number } }).data.balance).toBe(15_000_000);

  await page.reload();
  const decided = page.getByRole('list', { name: 'Decided adjustments' }).getByRole('listitem').filter({ hasText: reason });
  await expect(decided).toContainText('Approved');
  await expect(decided).toContainText(`by admin #${second.user.id}`);
  await expect(waiting.getByRole('listitem').filter({ hasText: reason })).toHaveCount(0);
  await page.goto(`/boss/users/${id}`);
  await expect(page.getByTestId('admin-user-balance')).toHaveText('₦150,000.00');
});

test('an adjustment sent twice with one idempotency key moves the money once', async ({ request }) => {
  const player = await createVerifiedPlayer(request);
  const token = await adminToken(request);
  const id = await playerId(request, token, player.email);
  const key = randomUUID();
  const send = () =>
    request.post(`/api/v1/admin/users/${id}/adjust`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { amount: 25_000, reason: 'Goodwill credit, sent twice', idempotency_key: key },
    });
  const first = await send();
  expect(first.status(), await first.text()).toBe(200);
  expect(((await first.json()) as { data: { replayed: boolean } }).data.replayed).toBe(false);
  const again = await send();
  expect(again.status(), await again.text()).toBe(200);
  expect(((await again.json()) as { data: { balance: number; replayed: boolean } }).data).toMatchObject({
    balance: 25_000,
    replayed: true,
  });
  expect(await balanceOf(request, token, id)).toBe(25_000);
});
