/**
 * Starts the real server on a free port with a fresh data directory and the demo admin, and tells the tests
 * where it is through environment variables (workers inherit them): AYO_BASE_URL, AYO_DATA_DIR, and the demo
 * admin's AYO_ADMIN_EMAIL, AYO_ADMIN_PASSWORD and AYO_ADMIN_TOTP_SECRET (the base32 secret of the authenticator the
 * demo admin is enrolled with, from the `Demo admin TOTP: otpauth://…` line). Returns the teardown that stops it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { otpauthSecret } from './totp';

// AYO_BIN picks another build (e.g. one from a separate CARGO_TARGET_DIR on a shared machine).
const BINARY = process.env.AYO_BIN ?? resolve(import.meta.dirname, '../../target/debug/ayo');
const STARTUP_TIMEOUT_MS = 30_000;

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
  const server = spawn(BINARY, ['serve', '--bind', '127.0.0.1:0', '--data-dir', dataDir, '--demo'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'warn' },
  });

  let stdout = '';
  let stderr = '';
  server.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });

  type Found = { url: string; email: string; password: string; totpSecret: string };
  const found = await new Promise<Found>((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in time.\nstdout:\n${stdout}\nstderr:\n${stderr}`)),
      STARTUP_TIMEOUT_MS,
    );
    server.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}.\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    });
    server.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // Whole lines only: a chunk may end half-way through one.
      const url = /Ayo Lotto listening on (http:\/\/\S+)\r?\n/.exec(stdout)?.[1];
      const email = /Demo admin email: (\S+)\r?\n/.exec(stdout)?.[1];
      const password = /Demo admin password: (\S+)\r?\n/.exec(stdout)?.[1];
      const totpUri = /Demo admin TOTP: (otpauth:\/\/\S+)\r?\n/.exec(stdout)?.[1];
      if (url && email && password && totpUri) {
        clearTimeout(timer);
        try {
          resolvePromise({ url, email, password, totpSecret: otpauthSecret(totpUri) });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
  });
  server.removeAllListeners('exit');

  process.env.AYO_BASE_URL = found.url;
  process.env.AYO_DATA_DIR = dataDir;
  process.env.AYO_ADMIN_EMAIL = found.email;
  process.env.AYO_ADMIN_PASSWORD = found.password;
  process.env.AYO_ADMIN_TOTP_SECRET = found.totpSecret;

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      server.kill('SIGTERM');
      const forced = setTimeout(() => server.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(forced);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
