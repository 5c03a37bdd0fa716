/**
 * Licensable in Lagos (issue 15), as a player lives it: sign up in Lagos, deposit, play, win, and see the 5 %
 * withholding tax on the ticket, in the transactions and on the yearly tax statement; then give a NIN and withdraw.
 * The back office's Compliance page shows the tax rule, the month's reports and the draw just settled. Screenshots go to
 * test-results/screenshots/lagos-*.png.
 */
import type { APIRequestContext } from '@playwright/test';
import { apiToken, logInAsAdmin, screenshotBoth } from './boss-helpers';
import { expect, headerBalance, newPlayer, readOtp, screenshot, test } from './fixtures';

type Draw = { id: number; status: string; closes_at: string; server_time?: string };

/** Every NAP1 number of the Ayo Express draw on sale, at ₦50 each: one of them wins ₦2,000 for sure. */
async function coverEveryNumber(request: APIRequestContext, token: string): Promise<number> {
  let draw: Draw | null = null;
  await expect
    .poll(
      async () => {
        const game = (await (await request.get('/api/v1/games/ayo-express')).json()) as { data: { next_draw: Draw | null } };
        const next = game.data.next_draw;
        draw = next && next.status === 'open' && Date.parse(next.closes_at) - Date.now() > 20_000 ? next : null;
        return draw !== null;
      },
      { message: 'an Ayo Express draw on sale for 20 s more', timeout: 4 * 60_000, intervals: [1_000] },
    )
    .toBe(true);
  const drawId = (draw as Draw | null)?.id ?? 0;
  for (let n = 1; n <= 90; n += 1) {
    const answer = await request.post('/api/v1/tickets/create', {
      headers: { Authorization: `Bearer ${token}` },
      data: { draw_id: drawId, bet_type: 'NAP1', numbers: [n], stake_per_line: 5_000, idempotency_key: `lagos-${drawId}-${n}` },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }
  return drawId;
}

test('a Lagos player deposits, plays, wins, sees 5 % of the net win withheld, verifies a NIN and withdraws', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(8 * 60_000);
  // Named as the sandbox bank names the payout account below, so the NIN check matches all three names.
  const player = { ...newPlayer(), name: 'Tunde Oladipo' };
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  const signup = page.getByRole('dialog', { name: 'Create your account' });
  await signup.getByLabel('Full name').fill(player.name);
  await signup.getByLabel('Email', { exact: true }).fill(player.email);
  await signup.getByLabel('Date of birth').fill('1990-05-17');
  await signup.getByLabel('Phone number').fill(player.localPhone);
  await signup.getByLabel('State of residence').selectOption('LA');
  await signup.getByLabel('Password', { exact: true }).fill(player.password);
  await screenshot(page, 'lagos-sign-up');
  await signup.getByRole('button', { name: 'Sign up' }).click();
  const verify = page.getByRole('dialog', { name: 'Verify your email' });
  await verify.getByLabel('6-digit code').fill(await readOtp(player.email, 'verification'));
  await verify.getByRole('button', { name: 'Verify' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByLabel('Password', { exact: true }).fill(player.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(login).toBeHidden();

  // A deposit through the sandbox checkout: Lagos is licensed, so the form is there at once.
  await page.goto('/user/deposit');
  await page.getByRole('button', { name: '₦5,000', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('button', { name: 'Pay ₦5,000.00' }).click();
  await expect(page.getByTestId('deposit-result').getByTestId('deposit-credited')).toHaveText('₦5,000.00');
  await expect(headerBalance(page)).toHaveText('₦5,000.00');

  // Play every number of the next draw, and wait for its result on the tickets page.
  const token = await apiToken(request, player.email, player.password);
  const drawId = await coverEveryNumber(request, token);
  await page.goto('/user/my-lottery');
  await expect(headerBalance(page)).toHaveText('₦500.00');
  // The result arrives live: ₦5,000 − ₦4,500 staked + ₦2,000 won − ₦97.50 tax.
  await expect(headerBalance(page)).toHaveText('₦2,402.50', { timeout: 5 * 60_000 });
  await page.getByLabel('Search tickets').fill('won');
  const won = page.locator(`article[data-ticket-draw-id="${drawId}"]`);
  await expect(won).toHaveCount(1);
  // 40 × ₦50 = ₦2,000 won; 5 % of the ₦1,950 net is ₦97.50; ₦1,902.50 paid.
  await expect(won).toContainText('₦2,000.00');
  await expect(won).toContainText('−₦97.50');
  await expect(won).toContainText('₦1,902.50');
  await won.scrollIntoViewIfNeeded();
  await screenshot(page, 'lagos-ticket-tax');

  await page.goto('/user/transactions');
  const ledger = page.getByRole('list', { name: 'My transactions' });
  await expect(ledger.getByRole('article', { name: 'Withholding tax ₦97.50' })).toContainText('−₦97.50');
  await expect(ledger.getByRole('article', { name: 'Win ₦2,000.00' })).toContainText('+₦2,000.00');
  await screenshot(page, 'lagos-transactions');

  await page.getByRole('link', { name: 'tax statement' }).click();
  await expect(page).toHaveTitle('Ayo Lotto | Tax statement');
  await expect(page.getByTestId('tax-total')).toHaveText('₦97.50');
  // Exactly the state's name: the operator's licence on the same page also names Lagos State.
  await expect(page.getByText('Lagos State', { exact: true })).toBeVisible();
  await screenshot(page, 'lagos-tax-statement');

  // Before the first withdrawal: a payout account, then the NIN (the sandbox provider finds it in the player's name).
  await page.goto('/user/bank-account');
  await page.getByLabel('Bank', { exact: true }).selectOption('058');
  await page.getByRole('textbox', { name: 'Account number' }).fill('0123456785');
  await expect(page.getByRole('textbox', { name: 'Account name' })).toHaveValue('TUNDE OLADIPO');
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByTestId('bank-account-message')).toHaveText('Bank account saved');
  await page.goto('/user/withdrawal');
  await expect(page.getByTestId('identity-check')).toContainText('Verify your NIN to withdraw');
  await page.getByLabel('NIN (National Identification Number)').fill('70123456789');
  await page.getByRole('button', { name: 'Verify my NIN' }).click();
  await expect(page.getByTestId('identity-verified')).toContainText('•••••••6789');
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('1000');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByTestId('withdrawal-result')).toContainText('₦1,000.00 to TUNDE OLADIPO');
  await expect(headerBalance(page)).toHaveText('₦1,402.50');
  await screenshot(page, 'lagos-withdrawal');

  // The back office: the Lagos rule, and the month's reports.
  const boss = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-NG', timezoneId: 'Africa/Lagos' });
  const admin = await boss.newPage();
  await logInAsAdmin(admin);
  await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Compliance' }).click();
  await expect(admin).toHaveTitle('Ayo Lotto | Compliance');
  const rules = admin.getByRole('table', { name: 'Tax rules' });
  await expect(rules.getByRole('row').filter({ hasText: 'Lagos State' })).toContainText('5 %');
  await expect(admin.getByRole('button', { name: 'Monthly return (CSV)' })).toBeEnabled();
  // The draw just settled is among the month's draw results, with what the house kept of it.
  const settled = admin.getByRole('table', { name: 'Settled draws' });
  await expect(settled.getByRole('row').nth(1)).toBeVisible();
  await expect(admin.getByTestId('draw-results-total')).toContainText('settled: stakes ₦');
  await expect(admin.getByRole('button', { name: 'Settled draws (CSV)' })).toBeEnabled();
  await screenshotBoth(admin, 'compliance');
  await boss.close();
});
