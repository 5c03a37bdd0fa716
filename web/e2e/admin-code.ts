/**
 * The admins' authenticators, for the journeys: a fresh code for each login.
 *
 * The server takes a code once per admin: it refuses any step at or before the last one it accepted from that
 * admin, and it takes the step before or after now (a phone clock a little off). So two logins of one admin
 * within one 30-second step cannot both use the step's code. Each login here takes that admin's next unused step:
 * now's, else the next one (accepted at once), else — a third login within one step — it waits for the following
 * step to begin. The last step handed out for each secret is kept in this process and in a file in the server's
 * data directory, so a worker that Playwright restarts after a failure does not reuse it either.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { admin } from './fixtures';
import { STEP_SECONDS, stepAt, totpAtStep } from './totp';

const STEP_MS = STEP_SECONDS * 1000;
/** Past the boundary, so server and test agree that the new step has begun. */
const BOUNDARY_MARGIN_MS = 250;

/** The last step handed out, by secret. */
const lastSteps = new Map<string, number>();
let queue: Promise<unknown> = Promise.resolve();

/** One file per secret, named by a hash of it (the secret itself stays out of file names). */
function stateFile(secret: string): string | null {
  const dir = process.env.AYO_DATA_DIR;
  const name = createHash('sha256').update(secret).digest('hex').slice(0, 12);
  return dir ? join(dir, `e2e-admin-totp-step-${name}`) : null;
}

function readLastStep(secret: string): number {
  const last = lastSteps.get(secret) ?? -1;
  const file = stateFile(secret);
  if (!file) return last;
  try {
    const stored = Number(readFileSync(file, 'utf8'));
    return Number.isFinite(stored) ? Math.max(stored, last) : last;
  } catch {
    return last;
  }
}

function keepLastStep(secret: string, step: number) {
  lastSteps.set(secret, step);
  const file = stateFile(secret);
  if (file) writeFileSync(file, String(step));
}

async function takeStep(secret: string): Promise<number> {
  const step = Math.max(stepAt(Date.now()), readLastStep(secret) + 1);
  // The server takes at most the step after its own now: wait until `step - 1` has begun.
  const wait = (step - 1) * STEP_MS + BOUNDARY_MARGIN_MS - Date.now();
  if (wait > 0) await new Promise((done) => setTimeout(done, wait));
  keepLastStep(secret, step);
  return step;
}

/**
 * A code for the demo admin (or the admin whose base32 `secret` is given) that no earlier login of this run has
 * used; waits at most one step.
 */
export function nextAdminCode(secret = admin().totpSecret): Promise<string> {
  if (!secret) throw new Error('AYO_ADMIN_TOTP_SECRET is not set: the global setup did not run');
  const next = queue.then(() => takeStep(secret)).then((step) => totpAtStep(secret, step));
  queue = next.catch(() => undefined);
  return next;
}
