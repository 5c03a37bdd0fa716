/**
 * The identity check before the first withdrawal (docs/api-identity.md), against the real server: a player whose
 * payout account is in another name (the sandbox bank calls it TUNDE OLADIPO; the player is Ada Obi) gives their
 * NIN on the withdrawal page and is told it is under review; an admin compares the names on
 * /boss/identity-reviews and approves; the player's withdrawal form appears.
 */
import { apiToken, logInAsAdmin, newPlayerPage, screenshotBoth } from './boss-helpers';
import { createVerifiedPlayer, expect, logInThroughDialog, screenshot, test } from './fixtures';

test('a NIN in a name that does not match waits for an admin, whose approval opens withdrawals', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const player = await createVerifiedPlayer(request);
  const token = await apiToken(request, player.email, player.password);
  const saved = await request.post('/api/v1/accounts/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: { bank_code: '058', account_number: '0123456785' },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  // The player, on a phone.
  const phone = await newPlayerPage(browser, baseURL);
  const mine = phone.page;
  await mine.goto('/');
  await logInThroughDialog(mine, player.email, player.password);
  await mine.goto('/user/withdrawal');
  const check = mine.getByTestId('identity-check');
  await expect(check).toContainText('Verify your NIN to withdraw');
  await expect(mine.getByRole('button', { name: 'Request withdrawal' })).toHaveCount(0);
  const nin = mine.getByLabel('NIN (National Identification Number)');
  await expect(nin).toHaveAttribute('inputmode', 'numeric');
  await expect(nin).toHaveAttribute('type', 'password');
  await nin.fill('123');
  await mine.getByRole('button', { name: 'Verify my NIN' }).click();
  await expect(nin).toHaveAccessibleDescription(/A NIN is 11 digits/);
  await nin.fill('70123456789');
  await mine.getByRole('button', { name: 'Verify my NIN' }).click();
  await expect(check).toHaveAttribute('data-status', 'review');
  await expect(check).toContainText('Your identity is being checked');
  await expect(check).toContainText('•••••••6789');
  await screenshot(mine, 'identity-under-review');

  // The admin, at a desk, compares the three names and approves.
  const desk = { width: 1280, height: 800 };
  await page.setViewportSize(desk);
  await logInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Identity reviews' }).click();
  await expect(page).toHaveTitle('Ayo Lotto | Identity reviews');
  const row = page
    .getByRole('table', { name: 'Identity checks waiting for review' })
    .getByRole('row')
    .filter({ hasText: player.email });
  await expect(row).toContainText('TUNDE OLADIPO');
  await expect(row).toContainText('ADA OBI');
  await expect(row).toContainText('•••••••6789');
  await expect(row).not.toContainText('70123456789');
  await screenshotBoth(page, 'identity-reviews');
  await page.setViewportSize(desk);
  await row.getByRole('button', { name: `Approve the identity of ${player.name}` }).first().click();
  const confirm = page.getByRole('alertdialog', { name: `Approve ${player.name}?` });
  await confirm.getByLabel('Reason').fill('Account in her husband’s name: marriage certificate seen');
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);

  // The player can withdraw now.
  await mine.reload();
  await expect(mine.getByTestId('identity-verified')).toContainText('•••••••6789');
  await expect(mine.getByRole('button', { name: 'Request withdrawal' })).toBeVisible();
  await screenshot(mine, 'identity-verified');
  await phone.context.close();
});
