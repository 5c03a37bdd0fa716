/**
 * Tax before the bet (issue 32, item 2): a guest picking numbers sees the gross win and a line on withholding tax; a
 * Lagos player sees what the best win pays after Lagos's 5 %, before pressing Buy. Screenshots at 360 and 1280 px go
 * to test-results/screenshots/tax-slip-*.png.
 */
import type { Page } from '@playwright/test';
import { createVerifiedPlayer, expect, logInThroughDialog, newPlayer, test } from './fixtures';

async function pickPerm2(page: Page) {
  await page.goto('/games/ayo-express');
  await expect(page.getByRole('heading', { level: 1, name: 'Ayo Express' })).toBeVisible();
  await page.getByLabel('Bet type').selectOption('PERM2');
  for (const n of [7, 21, 45]) {
    const button = page.getByRole('button', { name: String(n), exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByTestId('slip-win')).toHaveText('₦36,000.00');
}

async function both(page: Page, name: string) {
  for (const [label, size] of [
    ['360', { width: 360, height: 740 }],
    ['1280', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.getByTestId('slip-tax').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/tax-slip-${name}-${label}.png` });
  }
  await page.setViewportSize({ width: 360, height: 740 });
}

test('the bet slip says what a win pays after tax before Buy', async ({ page, request }) => {
  await pickPerm2(page);
  await expect(page.getByTestId('slip-tax')).toHaveText(
    'Winnings above your stake bear withholding tax where you live: 5 % in Lagos. Log in to see what you would take home.',
  );
  await both(page, 'guest');

  const player = await createVerifiedPlayer(request, { ...newPlayer(), state: 'LA' });
  await page.goto('/');
  await logInThroughDialog(page, player.email, player.password);
  // The picks made as a guest are still on the slip after logging in (they survive a reload too, issue 32 item 7).
  await page.goto('/games/ayo-express');
  for (const n of [7, 21, 45]) {
    await expect(page.getByRole('button', { name: String(n), exact: true })).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(page.getByTestId('slip-win')).toHaveText('₦36,000.00');
  // ₦150 staked, best win ₦36,000: 5 % of ₦35,850 is ₦1,792.50.
  await expect(page.getByTestId('slip-tax')).toHaveText('Win up to ₦36,000.00 — ₦34,207.50 after 5 % Lagos withholding tax');
  await both(page, 'lagos-player');
});
