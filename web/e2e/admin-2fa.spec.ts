/**
 * Two-step sign-in at /boss against the real server: the code step's errors, then the right code into the back
 * office; and enrolment with its QR code, key, the operator's one-time enrolment code and recovery codes, by the
 * admin global-setup.ts creates without an authenticator (AYO_ENROLLING_ADMIN_EMAIL / AYO_ENROLLING_ADMIN_PASSWORD /
 * AYO_ENROLLING_ADMIN_ENROLMENT_CODE), who later signs in with a recovery code. That admin logs out through the page, which ends every session of theirs only: the demo admin's API token
 * the other journeys share is untouched.
 */
import type { Page } from '@playwright/test';
import { nextAdminCode } from './admin-code';
import { codeInput, enterAdminPassword } from './boss-helpers';
import { admin, expect, test } from './fixtures';
import { stepAt, totpAtStep } from './totp';

/** Six digits that are not the code of the step before, at or after now: the server refuses them. */
function wrongCode(secret: string): string {
  const now = stepAt(Date.now());
  const near = new Set([now - 1, now, now + 1, now + 2].map((step) => totpAtStep(secret, step)));
  return ['000000', '111111', '222222'].find((code) => !near.has(code)) ?? '333333';
}

test('a wrong code is refused beside the input, and the right one opens the back office', async ({ page }) => {
  await page.goto('/boss');
  await enterAdminPassword(page);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  const code = codeInput(page);
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');

  // Too short: said here, before asking the server.
  await code.fill('12345');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(code).toHaveAccessibleDescription(/has 6 digits/);

  // Six wrong digits: the server's 422 for `code` shows beside the input.
  await code.fill(wrongCode(admin().totpSecret));
  await expect(code).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  // The server's words come before the hint.
  await expect(code).not.toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
  await expect(code).toHaveAccessibleDescription(/\S.* Enter the 6-digit code from your authenticator app\.$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // A recovery code goes in the same input, with a keyboard for letters.
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByRole('textbox', { name: 'Recovery code' })).toHaveAttribute('inputmode', 'text');
  await page.getByRole('button', { name: 'Use the code from your authenticator app' }).click();

  await code.fill(await nextAdminCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/boss\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('Start again goes back to the password, with the email kept', async ({ page }) => {
  await page.goto('/boss');
  await enterAdminPassword(page);
  await expect(codeInput(page)).toBeVisible();
  await page.getByRole('button', { name: 'Start again' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(admin().email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
});

const enrolling = () => {
  const email = process.env.AYO_ENROLLING_ADMIN_EMAIL;
  const password = process.env.AYO_ENROLLING_ADMIN_PASSWORD;
  const enrolmentCode = process.env.AYO_ENROLLING_ADMIN_ENROLMENT_CODE;
  if (!email || !password || !enrolmentCode) {
    throw new Error('AYO_ENROLLING_ADMIN_EMAIL is not set: the global setup did not run');
  }
  return { email, password, enrolmentCode };
};

async function enterPassword(page: Page) {
  const { email, password } = enrolling();
  await page.goto('/boss');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a new admin sets up two-step sign-in, saves the recovery codes, and later signs in with one', async ({ page }) => {
  await enterPassword(page);
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', /^data:image\/png;base64,/);
  const key = (await page.getByTestId('authenticator-key').innerText()).replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByRole('button', { name: 'Use a recovery code' })).toHaveCount(0);

  // The password and the authenticator alone enrol nothing: the operator's one-time enrolment code is needed, and
  // a wrong one is said beside its own input (one of the five tries it survives).
  const enrolmentCode = page.getByRole('textbox', { name: 'Enrolment code' });
  await enrolmentCode.fill('abcd-efgh-jkmn-pqrs-tuvw');
  await codeInput(page).fill(await nextAdminCode(key));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(enrolmentCode).toHaveAttribute('aria-invalid', 'true');
  await expect(enrolmentCode).toHaveAccessibleDescription(/That enrolment code is not right\. After 4 more wrong tries/);
  await expect(codeInput(page)).not.toHaveAttribute('aria-invalid');

  await enrolmentCode.fill(enrolling().enrolmentCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes now' })).toBeVisible();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const first = (await codes.first().innerText()).trim();
  // Not in the back office until the codes are acknowledged.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/boss\/dashboard$/);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/boss$/);
  await enterPassword(page);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(first);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/boss\/dashboard$/);
});
