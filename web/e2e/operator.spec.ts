/**
 * Who runs this (issue 32, item 1): a first-time visitor sees the operator, its licence and a way to reach a person
 * in every page's footer, calls or WhatsApps from /contact, reads the licence on /about; the back office edits it in
 * Settings and the site shows the change. The demo's values are fictional and say so. Screenshots at 360 and 1280 px
 * go to test-results/screenshots/operator-*.png (the record kept in docs/screenshots/).
 */
import type { Page } from '@playwright/test';
import { logInAsAdmin } from './boss-helpers';
import { expect, test } from './fixtures';

async function both(page: Page, name: string, locator?: string) {
  for (const [label, size] of [
    ['360', { width: 360, height: 740 }],
    ['1280', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    if (locator) await page.locator(locator).screenshot({ path: `test-results/screenshots/operator-${name}-${label}.png` });
    else await page.screenshot({ path: `test-results/screenshots/operator-${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 360, height: 740 });
}

test('a visitor sees who runs the site in the footer and reaches a person from /contact', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Ayo Lotto is run by Ayo Lotto Demo Ltd (fictional) (RC 0000000 (demo))');
  await expect(footer).toContainText(
    'Licensed in Lagos State by Lagos State Lotteries and Gaming Authority, licence no. DEMO-0000 (not a real licence)',
  );
  await expect(footer.getByRole('link', { name: '+234 700 000 0000' })).toHaveAttribute('href', 'tel:+2347000000000');
  await expect(footer.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', 'https://wa.me/2347000000000');
  await both(page, 'footer', 'footer');

  await footer.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  const ways = page.getByRole('region', { name: 'Talk to a person' });
  await expect(ways.getByRole('link', { name: /^Call \+234 700 000 0000/ })).toHaveAttribute('href', 'tel:+2347000000000');
  await expect(ways.getByRole('link', { name: /^Chat on WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/2347000000000');
  await expect(ways).toContainText('We answer Monday to Saturday, 8am to 8pm WAT.');
  await both(page, 'contact');

  await page.goto('/about');
  await expect(page.getByTestId('about-licences')).toContainText(
    'Lagos State: licensed by Lagos State Lotteries and Gaming Authority, licence number DEMO-0000 (not a real licence)',
  );
});

test('the back office edits the operator in Settings and every page shows it', async ({ page, browser, baseURL }) => {
  await logInAsAdmin(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/boss\/settings$/);
  const form = page.getByRole('form', { name: 'Operator identity' });
  await expect(form.getByLabel('Company name')).toHaveValue('Ayo Lotto Demo Ltd (fictional)');
  await form.getByLabel('Support hours').fill('Every day, 7am to 10pm WAT (demo)');
  await form.getByLabel('WhatsApp number').fill('0809 876 5432');
  await form.getByRole('button', { name: 'Save operator details' }).click();
  await expect(page.getByText('Operator details saved')).toBeVisible();
  await expect(form.getByLabel('WhatsApp number')).toHaveValue('+2348098765432');
  await both(page, 'boss-settings');

  const visitor = await browser.newPage({ baseURL, viewport: { width: 360, height: 740 } });
  await visitor.goto('/contact');
  await expect(visitor.getByRole('link', { name: /^Chat on WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/2348098765432');
  await expect(visitor.getByRole('contentinfo')).toContainText('Every day, 7am to 10pm WAT (demo)');
  await visitor.close();

  // Put the demo's values back for the journeys after this one.
  await form.getByLabel('Support hours').fill('Monday to Saturday, 8am to 8pm WAT');
  await form.getByLabel('WhatsApp number').fill('+2347000000000');
  await form.getByRole('button', { name: 'Save operator details' }).click();
  await expect(form.getByLabel('WhatsApp number')).toHaveValue('+2347000000000');
});
