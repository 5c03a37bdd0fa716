/**
 * Starts the real server on a free port with a fresh data directory and the demo admin, and tells the tests
 * where it is through environment variables (workers inherit them): AYO_BASE_URL, AYO_DATA_DIR, and the demo
 * admin's AYO_ADMIN_EMAIL, AYO_ADMIN_PASSWORD and AYO_ADMIN_TOTP_SECRET (the base32 secret of the authenticator the
 * demo admin is enrolled with, from the `Demo admin TOTP: otpauth://…` line). Returns the teardown that stops it.
 *
 * Before the server starts, `ayo create-admin` adds two more admins to the same data directory (sled lets one
 * process at a time open it, so never while the server runs):
 * - one who has not set up an authenticator, for the enrolment journey: AYO_ENROLLING_ADMIN_EMAIL,
 *   AYO_ENROLLING_ADMIN_PASSWORD and AYO_ENROLLING_ADMIN_ENROLMENT_CODE (the one-time code create-admin prints);
 * - a second pair of eyes for adjustments above the approval limit, enrolled with a secret made here:
 *   AYO_CHECKER_ADMIN_EMAIL, AYO_CHECKER_ADMIN_PASSWORD and AYO_CHECKER_ADMIN_TOTP_SECRET.
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BINARY, serve, STARTUP_TIMEOUT_MS, stop } from './serve';


const ENROLLING_ADMIN = { email: 'second@ayolotto.demo', password: 'a-long-admin-pass' };
const CHECKER_ADMIN = { email: 'checker@ayolotto.demo', password: 'a-checking-admin-pass' };

/** 32 base32 characters (160 bits): each random byte picks one of the 32 letters, so none is likelier. */
function newTotpSecret(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  return Array.from(randomBytes(32), (byte) => alphabet[byte % 32]).join('');
}

/** `ayo create-admin …` into `dataDir`; it exits once the admin is stored. Answers what it printed. */
function createAdmin(dataDir: string, admin: { email: string; password: string }, totpSecret?: string): string {
  const args = ['create-admin', '--email', admin.email, '--password', admin.password, '--data-dir', dataDir];
  if (totpSecret) args.push('--totp-secret', totpSecret);
  const run = spawnSync(BINARY, args, { encoding: 'utf8', timeout: STARTUP_TIMEOUT_MS });
  if (run.status !== 0) {
    const why = run.error?.message ?? `exit ${run.status ?? run.signal}`;
    throw new Error(`ayo create-admin ${admin.email} failed (${why}).\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
  return run.stdout;
}

/** The one-time enrolment code in what `ayo create-admin` printed (`Enrolment code: abcd-efgh-… (one use, …)`). */
function enrolmentCodeIn(printed: string): string {
  const code = /^Enrolment code: (\S+)/m.exec(printed)?.[1];
  if (!code) throw new Error(`ayo create-admin printed no enrolment code:\n${printed}`);
  return code;
}

export default async function globalSetup() {
  if (!existsSync(BINARY)) {
    throw new Error(`${BINARY} is missing: run \`cargo build\` in the repository root (npm run e2e does).`);
  }
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(`${chromium} is missing: install Debian's Chromium (apt-get install -y chromium).`);
  }
  if (!existsSync(resolve(import.meta.dirname, '../dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (npm run e2e does).');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ayo-e2e-'));
  const checkerSecret = newTotpSecret();
  const enrolmentCode = enrolmentCodeIn(createAdmin(dataDir, ENROLLING_ADMIN));
  createAdmin(dataDir, CHECKER_ADMIN, checkerSecret);
  const { server, ...found } = await serve(dataDir, '127.0.0.1:0');

  process.env.AYO_BASE_URL = found.url;
  process.env.AYO_DATA_DIR = dataDir;
  process.env.AYO_ADMIN_EMAIL = found.email;
  process.env.AYO_ADMIN_PASSWORD = found.password;
  process.env.AYO_ADMIN_TOTP_SECRET = found.totpSecret;
  process.env.AYO_ENROLLING_ADMIN_EMAIL = ENROLLING_ADMIN.email;
  process.env.AYO_ENROLLING_ADMIN_PASSWORD = ENROLLING_ADMIN.password;
  process.env.AYO_ENROLLING_ADMIN_ENROLMENT_CODE = enrolmentCode;
  process.env.AYO_CHECKER_ADMIN_EMAIL = CHECKER_ADMIN.email;
  process.env.AYO_CHECKER_ADMIN_PASSWORD = CHECKER_ADMIN.password;
  process.env.AYO_CHECKER_ADMIN_TOTP_SECRET = checkerSecret;

  return async () => {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
