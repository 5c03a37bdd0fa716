/**
 * Starting and stopping the real server for the journeys: `ayo serve --demo` on an address and a data directory,
 * resolved once it has printed its URL and the demo admin's credentials (the base32 secret of the authenticator
 * the demo admin is enrolled with, from the `Demo admin TOTP: otpauth://…` line); stopped with SIGTERM as systemd
 * stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { otpauthSecret } from './totp';

// AYO_BIN picks another build (e.g. one from a separate CARGO_TARGET_DIR on a shared machine).
export const BINARY = process.env.AYO_BIN ?? resolve(import.meta.dirname, '../../target/debug/ayo');
export const STARTUP_TIMEOUT_MS = 30_000;
/** SIGTERM drains within 10 s (the server's contract); past this the process is killed. */
const STOP_TIMEOUT_MS = 15_000;

export type Served = { server: ChildProcess; url: string; email: string; password: string; totpSecret: string };

/**
 * `ayo serve --demo --bind bind --data-dir dataDir`, with `env` for its environment. Ayo Express draws every minute
 * (`AYO_DEMO_DRAW_MINUTES=1`) so the journeys that watch a draw wait less for it; the pace is the only difference.
 */
export function serve(dataDir: string, bind: string, env: NodeJS.ProcessEnv = process.env): Promise<Served> {
  const server = spawn(BINARY, ['serve', '--bind', bind, '--data-dir', dataDir, '--demo'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { AYO_DEMO_DRAW_MINUTES: '1', ...env, RUST_LOG: env.RUST_LOG ?? 'warn' },
  });
  let stdout = '';
  let stderr = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<Served>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`the server did not start in time.\nstdout:\n${stdout}\nstderr:\n${stderr}`)),
      STARTUP_TIMEOUT_MS,
    );
    server.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the server exited with ${code}.\nstdout:\n${stdout}\nstderr:\n${stderr}`));
    });
    server.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // Whole lines only: a chunk may end half-way through one.
      const url = /Ayo Lotto listening on (http:\/\/\S+)\r?\n/.exec(stdout)?.[1];
      const email = /Demo admin email: (\S+)\r?\n/.exec(stdout)?.[1];
      const password = /Demo admin password: (\S+)\r?\n/.exec(stdout)?.[1];
      const totpUri = /Demo admin TOTP: (otpauth:\/\/\S+)\r?\n/.exec(stdout)?.[1];
      if (url && email && password && totpUri) {
        clearTimeout(timer);
        server.removeAllListeners('exit');
        try {
          done({ server, url, email, password, totpSecret: otpauthSecret(totpUri) });
        } catch (error) {
          fail(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
  });
}

/** SIGTERM, then SIGKILL if it has not exited in time; resolves with its exit code (null if killed). */
export function stop(server: ChildProcess): Promise<number | null> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve(server.exitCode);
  return new Promise((done) => {
    const forced = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
    server.once('exit', (code) => {
      clearTimeout(forced);
      done(code);
    });
    server.kill('SIGTERM');
  });
}
