/**
 * The journeys' shared tools: the server's address, fresh player details, codes read from the mail outbox (the
 * server writes every email there when no SMTP server is configured), and API shortcuts for set-up steps.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.AYO_BASE_URL;
    if (!url) throw new Error('AYO_BASE_URL is not set: the global setup did not run');
    await use(url);
  },
  // Every journey runs under the server's Content-Security-Policy: a script of ours that it refuses fails the test.
  page: async ({ page }, use) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
        refused.push(message.text());
      }
    });
    await use(page);
    expect(refused, 'the page broke its own Content-Security-Policy').toEqual([]);
  },
});
export { expect };

/** The demo admin: credentials and the base32 secret of their authenticator (see global-setup.ts). */
export const admin = () => ({
  email: process.env.AYO_ADMIN_EMAIL ?? '',
  password: process.env.AYO_ADMIN_PASSWORD ?? '',
  totpSecret: process.env.AYO_ADMIN_TOTP_SECRET ?? '',
});

/** The second admin global-setup.ts creates, enrolled with a known secret: the other pair of eyes. */
export const checker = () => ({
  email: process.env.AYO_CHECKER_ADMIN_EMAIL ?? '',
  password: process.env.AYO_CHECKER_ADMIN_PASSWORD ?? '',
  totpSecret: process.env.AYO_CHECKER_ADMIN_TOTP_SECRET ?? '',
});

let counter = 0;
/** `state`: where they live (ISO 3166-2:NG); Ogun by default, where winnings bear no withholding tax. */
export type Player = {
  name: string;
  email: string;
  localPhone: string;
  fullPhone: string;
  password: string;
  state: string;
};

/** A new player with a unique email and Nigerian phone number (080…). */
export function newPlayer(): Player {
  counter += 1;
  const stamp = `${Date.now()}${counter}`;
  const eight = stamp.slice(-8);
  return {
    name: 'Ada Obi',
    email: `e2e-${stamp}@example.com`,
    localPhone: `080${eight}`,
    fullPhone: `+23480${eight}`,
    password: 'lotto-pass-1',
    state: 'OG',
  };
}

function outbox() {
  return join(process.env.AYO_DATA_DIR ?? '', 'outbox');
}

/** The newest code mailed to `email` for `purpose`, waiting for the mail to be written. */
export async function readOtp(email: string, purpose: 'verification' | 'password_reset'): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(outbox()).filter((file) => file.endsWith('.eml') && file.includes(purpose));
        } catch {
          return undefined;
        }
        const mails = files
          .map((file) => ({ path: join(outbox(), file), time: statSync(join(outbox(), file)).mtimeMs, name: file }))
          .sort((a, b) => b.name.localeCompare(a.name) || b.time - a.time)
          .map(({ path }) => readFileSync(path, 'utf8'))
          .filter((mail) => new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail));
        code = mails[0] ? /Your code is (\d{6})\./.exec(mails[0])?.[1] : undefined;
        return code;
      },
      { message: `a ${purpose} code mailed to ${email}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code ?? '';
}

/** Sign-up and verification through the API, for journeys that start with an existing player. */
export async function createVerifiedPlayer(request: APIRequestContext, player = newPlayer()): Promise<Player> {
  const created = await request.post('/api/v1/users/create', {
    data: {
      name: player.name,
      email: player.email,
      dob: '1990-05-17',
      phoneNumber: player.fullPhone,
      password: player.password,
      state: player.state,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const otp = await readOtp(player.email, 'verification');
  const verified = await request.post('/api/v1/otps/verify', {
    data: { otp, type: 'verification', email: player.email },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  return player;
}

/** Logs in through the header's Login dialog. */
export async function logInThroughDialog(page: Page, identity: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Email or phone number').fill(identity);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
}

export function headerBalance(page: Page) {
  return page.getByTestId('header-balance');
}

/** What a 360 × 740 phone shows, and the whole page scrolled, for a person to look at. */
export async function screenshot(page: Page, name: string) {
  await page.waitForTimeout(300); // let entry animations finish
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
  await page.screenshot({ path: `test-results/screenshots/${name}-full.png`, fullPage: true });
}
