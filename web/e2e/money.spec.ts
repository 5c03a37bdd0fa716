/**
 * Money in and out against the real server and its sandbox gateway: a player saves a bank account, deposits
 * through the gateway's checkout page, plays, and asks for a withdrawal; the admin approves it in /boss in a
 * separate browser, and the player's open page shows it paid without a reload. Screenshots of each money page
 * go to test-results/screenshots/money-*.png.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { logInAsAdmin } from './boss-helpers';
import { buyTicket } from './play-helpers';
import {
  createVerifiedPlayer,
  expect,
  headerBalance,
  logInThroughDialog,
  newPlayer,
  screenshot,
  test,
} from './fixtures';

const myAccount = (page: Page) => page.getByRole('navigation', { name: 'My account' });

test('deposit through the checkout, play, withdraw; the admin pays it and the player sees it live', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(5 * 60_000);
  // Named as the sandbox bank names this account (TUNDE OLADIPO), so the NIN check matches all three names.
  const player = await createVerifiedPlayer(request, { ...newPlayer(), name: 'Tunde Oladipo' });
  await page.goto('/');
  await logInThroughDialog(page, player.email, player.password);
  await expect(headerBalance(page)).toHaveText('₦0.00');

  // The bank account: the number is checked, the bank's name for it shows read-only, then it is saved.
  await page.goto('/user/bank-account');
  await expect(page).toHaveTitle('Ayo Lotto | Bank account');
  await page.getByLabel('Bank', { exact: true }).selectOption('058');
  await page.getByRole('textbox', { name: 'Account number' }).fill('0123456785');
  await expect(page.getByRole('textbox', { name: 'Account name' })).toHaveValue('TUNDE OLADIPO');
  // The bank's name is this player's: nothing to warn of.
  await expect(page.getByTestId('name-mismatch')).toBeHidden();
  await screenshot(page, 'money-bank-account-form');
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByTestId('bank-account-message')).toHaveText('Bank account saved');
  await expect(page.getByTestId('saved-account')).toContainText('0123456785');
  await screenshot(page, 'money-bank-account-saved');

  // A deposit through the sandbox gateway's own checkout page, and back.
  await myAccount(page).getByRole('link', { name: 'Deposit' }).click();
  await expect(page).toHaveTitle('Ayo Lotto | Deposit');
  await page.getByRole('button', { name: '₦5,000', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Amount', exact: true })).toHaveValue('5000');
  await screenshot(page, 'money-deposit-form');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/api\/v1\/payments\/sandbox\/checkout\/AYO-/);
  await screenshot(page, 'money-sandbox-checkout');
  await page.getByRole('button', { name: 'Pay ₦5,000.00' }).click();
  await expect(page).toHaveURL(/\/user\/deposit\?trxref=AYO-[^&]+&reference=AYO-/);
  const result = page.getByTestId('deposit-result');
  await expect(result.getByRole('heading', { level: 2 })).toHaveText('Deposit successful');
  await expect(result.getByTestId('deposit-credited')).toHaveText('₦5,000.00');
  await expect(headerBalance(page)).toHaveText('₦5,000.00');
  await expect(page.getByTestId('deposit-status').first()).toHaveText('Successful');
  await screenshot(page, 'money-deposit-success');

  // A ticket on the play page.
  await buyTicket(page);
  await expect(headerBalance(page)).toHaveText('₦4,850.00');

  // Before the first withdrawal, the NIN (the sandbox identity provider finds it in the player's own name).
  await page.goto('/user/withdrawal');
  await expect(page.getByTestId('identity-check')).toContainText('Verify your NIN to withdraw');
  await expect(page.getByTestId('identity-sandbox')).toBeVisible();
  await page.getByLabel('NIN (National Identification Number)').fill('70123456789');
  await screenshot(page, 'money-identity-form');
  await page.getByRole('button', { name: 'Verify my NIN' }).click();
  await expect(page.getByTestId('identity-verified')).toContainText('•••••••6789');

  // A withdrawal: the amount is held at once.
  await expect(page.getByTestId('withdrawal-payee')).toContainText('TUNDE OLADIPO');
  await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('2000');
  await page.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(page.getByTestId('withdrawal-result')).toContainText('₦2,000.00 to TUNDE OLADIPO');
  await expect(page.getByTestId('withdrawal-result').getByTestId('withdrawal-status')).toHaveText('Pending');
  await expect(headerBalance(page)).toHaveText('₦2,850.00');
  const mine = page.getByRole('list', { name: 'My withdrawals' }).getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine.first().getByTestId('withdrawal-status')).toHaveText('Pending');
  await screenshot(page, 'money-withdrawal-pending');

  // The admin, in a browser of their own, pays it from /boss/transactions.
  const boss = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'en-NG',
    timezoneId: 'Africa/Lagos',
  });
  const admin = await boss.newPage();
  await logInAsAdmin(admin);
  await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Transactions' }).click();
  await expect(admin).toHaveTitle('Ayo Lotto | Transactions');
  await admin.getByRole('button', { name: 'Pending withdrawals' }).click();
  const row = admin.getByRole('table', { name: 'Pending withdrawals' }).getByRole('row').filter({ hasText: player.email });
  await expect(row).toContainText('₦2,000.00');
  await row.getByRole('button', { name: /^Approve withdrawal/ }).click();
  const confirm = admin.getByRole('alertdialog', { name: /^Approve withdrawal #\d+\?$/ });
  await expect(confirm).toContainText('TUNDE OLADIPO, Guaranty Trust Bank (GTBank) 0123456785');
  await confirm.getByRole('button', { name: 'Pay ₦2,000.00' }).click();
  const decision = admin.getByTestId('withdrawal-decision');
  await expect(decision).toContainText('Paid');
  await expect(decision).toContainText('Transfer completed');
  await admin.screenshot({ path: 'test-results/screenshots/money-boss-approved-1280.png' });
  await boss.close();

  // The player's page, open all along, shows it paid: no reload.
  await expect(mine.first().getByTestId('withdrawal-status')).toHaveText('Paid');
  await expect(mine.first()).toContainText('Paid to your bank account.');
  await expect(page.getByTestId('withdrawal-result').getByTestId('withdrawal-status')).toHaveText('Paid');
  await screenshot(page, 'money-withdrawal-paid');

  // The ledger has the deposit, the stake and the withdrawal.
  await myAccount(page).getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveTitle('Ayo Lotto | Transactions');
  const ledger = page.getByRole('list', { name: 'My transactions' });
  await expect(ledger.getByRole('article', { name: 'Deposit ₦5,000.00' })).toContainText('+₦5,000.00');
  await expect(ledger.getByRole('article', { name: 'Stake ₦150.00' })).toContainText('−₦150.00');
  const withdrawal = ledger.getByRole('article', { name: 'Withdrawal ₦2,000.00' });
  await expect(withdrawal).toContainText('−₦2,000.00');
  await expect(withdrawal.getByTestId('transaction-status')).toHaveText('Paid');
  await screenshot(page, 'money-transactions');

  // Only the withdrawals, exported as the player's own CSV.
  await page.getByLabel('Type').selectOption('withdrawal');
  await expect(ledger.getByRole('article')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^ayo-lotto-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'date,id,type,status,description,reference,amount_naira,amount_kobo,balance_after_naira,balance_after_kobo',
  );
  expect(csv).toContain(',withdrawal,success,');
  expect(csv).not.toContain(',deposit,');
});
