/**
 * Breaks that show and money within reach (issue 32, items 4 and 5), at 360 px: a player on a time-out sees the
 * break and its end on the play page and no offer on home, and no Deposit in the header; a player with too little
 * money sees Deposit beside Buy, and on a 360 × 640 phone the total and Buy stay on screen after picking.
 * Screenshots at 360 and 1280 px go to test-results/screenshots/breaks-*.png and slip-*.png.
 */
import type { Page } from '@playwright/test';
import { createVerifiedPlayer, expect, logInThroughDialog, newPlayer, test } from './fixtures';

async function both(page: Page, name: string) {
  for (const [label, size] of [
    ['360', { width: 360, height: 640 }],
    ['1280', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `test-results/screenshots/${name}-${label}.png` });
  }
  await page.setViewportSize({ width: 360, height: 640 });
}

test('a player on a time-out sees the break and its end instead of the board and offers', async ({ page, request }) => {
  const player = await createVerifiedPlayer(request, { ...newPlayer(), state: 'LA' });
  await page.goto('/');
  await logInThroughDialog(page, player.email, player.password);
  await expect(page.getByTestId('header-deposit')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const out = await request.post('/api/v1/exclusions/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: { kind: 'timeout', period: '24h' },
  });
  expect(out.status(), await out.text()).toBe(201);

  // A fresh load reads the profile with the break in it.
  await page.goto('/games/ayo-express');
  const notice = page.getByTestId('break-notice');
  await expect(notice).toContainText(/You are taking a time-out until \w+day \d{1,2} \w{3} \d{4} at \d{1,2}:\d{2} [ap]m WAT\./);
  await expect(page.getByRole('button', { name: /^Buy ticket/ })).toHaveCount(0);
  await expect(page.getByTestId('header-deposit')).toHaveCount(0);
  await both(page, 'breaks-play');

  await page.goto('/');
  await expect(page.getByTestId('hero-break')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the games' })).toHaveCount(0);
  await both(page, 'breaks-home');
});

test('on a 360 × 640 phone the total and Buy stay on screen after picking, with Deposit when money is short', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  const player = await createVerifiedPlayer(request, { ...newPlayer(), state: 'LA' });
  await page.goto('/');
  await logInThroughDialog(page, player.email, player.password);
  await page.goto('/games/ayo-express');
  await expect(page.getByRole('heading', { level: 1, name: 'Ayo Express' })).toBeVisible();
  await page.getByLabel('Bet type').selectOption('PERM2');
  for (const n of [7, 21, 45]) await page.getByRole('button', { name: String(n), exact: true }).click();
  await expect(page.getByTestId('slip-total')).toHaveText('₦150.00');

  const buy = page.getByRole('button', { name: /^Buy ticket/ });
  const total = page.getByTestId('slip-total');
  for (const shown of [buy, total]) {
    const box = await shown.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 640, 'on screen without scrolling').toBe(true);
  }
  const low = page.getByTestId('slip-low-balance');
  await expect(low).toContainText('Your balance, ₦0.00, is less than this ticket’s ₦150.00.');
  // Each amount on one line: its box is one line tall.
  const amount = await page.getByTestId('slip-win').boundingBox();
  expect(amount && amount.height < 30).toBe(true);
  await both(page, 'slip-low-balance');

  await low.getByRole('link', { name: 'Deposit' }).click();
  await expect(page).toHaveURL(/\/user\/deposit$/);
});
