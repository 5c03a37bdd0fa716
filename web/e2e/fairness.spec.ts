/**
 * Provable fairness end to end (scheme `ayo-lotto/v2`), against the real server: a player funds their wallet
 * through the sandbox gateway, buys a ticket for the next Ayo Express draw (the demo draws it every three
 * minutes), waits for its balls, opens the ticket's receipt and checks it in the browser (the receipt describes the
 * ticket, its proof leads to the root the draw published, and the balls follow from that root); then finds the
 * draw in the public /results archive and verifies it there. The rules pages show each game's own figures.
 * Screenshots go to test-results/screenshots/fairness-*.png.
 */
import type { Page } from '@playwright/test';
import { createVerifiedPlayer, expect, headerBalance, logInThroughDialog, screenshot, test } from './fixtures';
import { openExpressDraw, pickPerm2 } from './play-helpers';

type PublicDraw = { id: number; numbers: number[] | null; closes_at: string; server_time: string };

/** ₦5,000 through the sandbox gateway's own checkout page, and back. */
async function fundThroughSandbox(page: Page) {
  await page.goto('/user/deposit');
  await expect(page).toHaveTitle('Ayo Lotto | Deposit');
  await page.getByRole('button', { name: '₦5,000', exact: true }).click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/api\/v1\/payments\/sandbox\/checkout\/AYO-/);
  await page.getByRole('button', { name: 'Pay ₦5,000.00' }).click();
  await expect(page).toHaveURL(/\/user\/deposit\?trxref=AYO-[^&]+&reference=AYO-/);
  await expect(headerBalance(page)).toHaveText('₦5,000.00');
}

/** A PERM 2 (3 lines × ₦50) on the Ayo Express draw on sale; answers the ticket and draw ids. */
async function buyTicket(page: Page): Promise<{ ticketId: string; drawId: string }> {
  await openExpressDraw(page);
  await pickPerm2(page);
  await page.getByRole('button', { name: /^Buy ticket/ }).click();
  const bought = page.getByTestId('ticket-bought');
  await expect(bought).toBeVisible();
  const [, ticketId = '', drawId = ''] =
    /Ticket #(\d+) bought for draw #(\d+)/.exec((await bought.textContent()) ?? '') ?? [];
  expect(ticketId && drawId, 'the ticket and draw ids').toBeTruthy();
  return { ticketId, drawId };
}

test('a player verifies their ticket’s receipt, then finds and verifies its draw in the results', async ({
  page,
  request,
}) => {
  // Up to one Ayo Express cycle to buy, then up to four minutes for the balls: waits for visible state only.
  test.setTimeout(9 * 60_000);
  const player = await createVerifiedPlayer(request);
  await page.goto('/');
  await logInThroughDialog(page, player.email, player.password);
  await fundThroughSandbox(page);
  const { ticketId, drawId } = await buyTicket(page);

  // The balls arrive over the socket on the play page.
  const result = page.locator(`article[data-draw-id="${drawId}"]`);
  await expect(result.getByRole('list', { name: /Winning numbers/ }).getByRole('listitem')).toHaveCount(5, {
    timeout: 4 * 60_000,
  });
  const published = (await (await request.get(`/api/v1/draws/${drawId}`)).json()) as { data: PublicDraw };
  const firstBall = published.data.numbers?.[0];
  expect(firstBall, 'the draw’s first ball').toBeTruthy();

  // The receipt, on the ticket's card in My lottery (cards on a phone).
  await page.goto('/user/my-lottery');
  await expect(page).toHaveTitle('Ayo Lotto | My lottery');
  const card = page.locator(`article[data-ticket-id="${ticketId}"]`);
  await card.getByRole('button', { name: 'Receipt' }).click();
  await expect(card.getByText(/^Ticket \d+ of \d+ in this draw$/)).toBeVisible();
  await card.getByRole('button', { name: 'Verify my ticket' }).click();
  await expect(card.getByText(`✓ All checks passed: ticket #${ticketId}`, { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  const receiptChecks = card.getByRole('list', { name: 'Checks' });
  // Five checks of the ticket's place under the draw's root, and the sixth: the operator's signature (decision 047).
  await expect(receiptChecks.getByRole('listitem')).toHaveCount(6);
  await expect(receiptChecks.getByText(/^Passed:/)).toHaveCount(6);
  await expect(receiptChecks.getByText(/^Failed:/)).toHaveCount(0);
  await card.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -72);
  });
  await screenshot(page, 'fairness-receipt');

  // The public archive: the draw, found by its game and its first ball, verified in one click.
  await page.goto('/results');
  await expect(page).toHaveTitle('Ayo Lotto | Results');
  const filters = page.getByRole('search', { name: 'Filter results' });
  await filters.getByLabel('Game').selectOption({ label: 'Ayo Express' });
  await filters.getByRole('textbox', { name: 'Winning number' }).fill(String(firstBall));
  await expect(page).toHaveURL(new RegExp(`[?&]number=${firstBall}(&|$)`));
  const archived = page.locator(`article[data-draw-id="${drawId}"]`);
  await expect(archived).toBeVisible({ timeout: 30_000 });
  await expect(archived.getByRole('list', { name: /Winning numbers/ })).toContainText(String(firstBall));
  await archived.getByRole('button', { name: 'Verify this result' }).click();
  await expect(archived.getByText(/All checks passed: draw #/)).toBeVisible({ timeout: 30_000 });
  const drawChecks = archived.getByRole('list', { name: 'Checks' });
  await expect(drawChecks.getByRole('listitem')).toHaveCount(4);
  await expect(drawChecks.getByText(/^Failed:/)).toHaveCount(0);
  await archived.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -72);
  });
  await screenshot(page, 'fairness-results');
});

test('the rules pages show each game’s own rates and limits', async ({ page }) => {
  await page.goto('/lottery-rules');
  const rates = page.getByRole('region', { name: 'Each game’s rates and limits' });
  await expect(rates.getByText('Showing Ayo Express.')).toBeVisible();
  await rates.getByRole('combobox', { name: 'Game' }).selectOption({ label: 'Fortune' });
  await expect(rates.getByText('Showing Fortune.')).toBeVisible();
  await expect(page).toHaveURL(/\/lottery-rules\?game=fortune$/);
  await rates.scrollIntoViewIfNeeded();
  await screenshot(page, 'fairness-rules');

  await page.goto('/how-to-play?game=fortune');
  await expect(page.getByRole('region', { name: 'Each game’s rates and limits' }).getByText('Showing Fortune.')).toBeVisible();
});
