/**
 * Player protection against the real server (docs/decisions/025): a new player is told this is their first login,
 * is offered deposit limits before their first deposit, deposits and plays, picks a 15-minute reality check, and the
 * check appears when 15 minutes have passed since the login with the session's net figures; "Continue" closes it
 * until the next interval, "Log out" logs out. The page's clock is Playwright's: the journey never waits real
 * minutes, and asserts what appears, never how long it took. Screenshots go to
 * test-results/screenshots/protection-*.png.
 */
import type { Page } from '@playwright/test';
import { createVerifiedPlayer, expect, headerBalance, logInThroughDialog, screenshot, test } from './fixtures';
import { buyTicket } from './play-helpers';

const realityCheck = (page: Page) => page.getByRole('dialog', { name: 'Reality check' });

test('a reality check at the chosen interval with the session’s net figures; Continue, then Log out', async ({
  page,
  request,
}) => {
  test.setTimeout(4 * 60_000);
  // The page's timers and Date are Playwright's from here on; they run at the normal pace until moved on.
  await page.clock.install();
  const player = await createVerifiedPlayer(request);
  await page.goto('/');
  await logInThroughDialog(page, player.email, player.password);
  await expect(page.getByRole('status').filter({ hasText: 'Welcome, Ada! This is your first login.' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByTestId('last-login')).toHaveText('This is your first login.');
  await page.getByRole('button', { name: 'Close' }).click();

  // Limits are offered before the first deposit; this player skips them.
  await page.goto('/user/deposit');
  const prompt = page.getByRole('region', { name: 'Set your deposit limits first?' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('textbox', { name: 'Daily limit' })).toBeVisible();
  await screenshot(page, 'protection-first-deposit-limits');
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();

  // ₦5,000 in through the sandbox checkout, ₦150 staked.
  await page.getByRole('button', { name: '₦5,000', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay ₦5,000.00' }).click();
  await expect(page.getByTestId('deposit-result').getByRole('heading', { level: 2 })).toHaveText('Deposit successful');
  await expect(page.getByRole('region', { name: 'Set your deposit limits first?' })).toBeHidden();
  await buyTicket(page);
  await expect(headerBalance(page)).toHaveText('₦4,850.00');

  // Every 15 minutes, chosen on the profile.
  await page.goto('/user/profile');
  await page.getByRole('radio', { name: 'Every 15 minutes' }).check();
  // The page reads the new interval back (and the session's start with it) before the clock is moved on.
  const reread = page.waitForResponse((r) => r.url().endsWith('/api/v1/reality-check') && r.ok());
  await page.getByRole('button', { name: 'Save reality check' }).click();
  await expect(page.getByTestId('rg-message')).toHaveText('You will see a reality check every 15 minutes.');
  await reread;
  await page.getByRole('radio', { name: 'Every 15 minutes' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'protection-reality-check-settings');
  await expect(realityCheck(page)).toBeHidden();

  // 15 minutes after the login: the check, on whatever page the player has moved to.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results' }).click();
  await expect(page).toHaveTitle('Ayo Lotto | Results');
  await page.clock.fastForward('15:00');
  const dialog = realityCheck(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByTestId('reality-elapsed')).toContainText('minutes');
  await expect(dialog.getByTestId('reality-net-deposits')).toHaveText('+₦5,000.00');
  await expect(dialog.getByTestId('reality-net')).toHaveText('−₦150.00');
  await expect(dialog).toContainText('You are ₦150.00 down on play this session.');
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeFocused();
  await screenshot(page, 'protection-reality-check');

  // Continue: gone until another 15 minutes have passed.
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('10:00');
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('05:01');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('reality-net')).toHaveText('−₦150.00');

  // Log out: the session ends here.
  await dialog.getByRole('button', { name: 'Log out' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
});
