/**
 * Issue 32, round 5: a deep link that needs the login returns to its page; the bank's name for an account is
 * compared with the player's before saving; the rules table reads at 360 px; the results' proof is folded; a draw
 * lands live, ball by ball, and the player is told the outcome on the page they have open; the back office says
 * what waits. Screenshots at 360 and 1280 px go to test-results/screenshots/joy-*.png.
 */
import type { Locator, Page } from '@playwright/test';
import { buyTickets, fundedPlayer, apiToken, logInAsAdmin } from './boss-helpers';
import { createVerifiedPlayer, expect, logInThroughDialog, newPlayer, test } from './fixtures';

async function both(page: Page, name: string, focus?: Locator) {
  for (const [label, size] of [
    ['360', { width: 360, height: 740 }],
    ['1280', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(350);
    if (focus) await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/joy-${name}-${label}.png` });
  }
  await page.setViewportSize({ width: 360, height: 740 });
}

test('a logged-out deep link opens the login and returns to its page', async ({ page, request }) => {
  const player = await createVerifiedPlayer(request, { ...newPlayer(), state: 'LA' });
  await page.goto('/user/bank-account');
  await expect(page).toHaveURL(/\/\?next=%2Fuser%2Fbank-account$/);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/joy-deep-link-login-360.png' });
  await dialog.getByLabel('Email or phone number').fill(player.email);
  await dialog.getByLabel('Password', { exact: true }).fill(player.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/user\/bank-account$/);

  // The sandbox bank names the account after its number, not after this player: said before saving.
  await page.getByLabel('Bank', { exact: true }).selectOption('058');
  await page.getByRole('textbox', { name: 'Account number' }).fill('0123456785');
  const warning = page.getByTestId('name-mismatch');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(player.name);
  await expect(page.getByRole('button', { name: 'Save this account anyway' })).toBeVisible();
  await both(page, 'bank-name-check', warning);
});

test('the rules table and the results read on a phone', async ({ page }) => {
  await page.goto('/lottery-rules');
  const bets = page.getByRole('table', { name: /Bet types/ });
  await expect(bets).toBeVisible();
  await both(page, 'rules-bet-table', bets);

  await page.goto('/results');
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible({ timeout: 60_000 });
  await expect(first.getByText('Proof values')).toBeVisible();
  await both(page, 'results-folded', first);
  await first.getByText('Proof values').click();
  await expect(first.getByText('Commitment', { exact: true })).toBeVisible();
});

test('a draw lands ball by ball and the player hears how they did, on the page they have open', async ({ page, request }) => {
  test.setTimeout(330_000);
  const { player } = await fundedPlayer(request);
  const token = await apiToken(request, player.email, player.password);
  await buyTickets(request, token);
  await page.goto('/');
  await logInThroughDialog(page, player.email, player.password);
  await page.goto('/games/ayo-express');
  // The draw lands while the page is open: its balls come out one by one.
  const revealing = page.locator('.balls--reveal').first();
  await expect(revealing).toBeVisible({ timeout: 180_000 });
  await page.waitForTimeout(2_000);
  await both(page, 'draw-reveal', revealing);
  // Once the balls are out: the outcome, on this page. The draw that lands first may be the one before the player's
  // (bought just after a close): theirs follows within a cycle.
  const news = page.getByTestId('settled-news');
  await expect(news.first()).toBeVisible({ timeout: 130_000 });
  await expect(news.first()).toContainText(/You won ₦|No win on/);
  await both(page, 'draw-outcome');
});

test('the back office says what waits', async ({ page }) => {
  await logInAsAdmin(page);
  const needs = page.getByRole('region', { name: 'Needs doing' });
  await expect(needs).toBeVisible();
  await expect(needs.getByTestId('queue-card-withdrawals')).toBeVisible();
  await both(page, 'boss-queues');
});
