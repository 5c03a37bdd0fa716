/**
 * The demo admin's authenticator, for the journeys: a fresh code for each login.
 *
 * The server takes a code once: it refuses any step at or before the last one it accepted, and it takes the step
 * before or after now (a phone clock a little off). So two logins within one 30-second step cannot both use the
 * step's code. Each login here takes the next unused step: now's, else the next one (accepted at once), else —
 * a third login within one step — it waits for the following step to begin. The last step handed out is kept in
 * this process and in a file in the server's data directory, so a worker that Playwright restarts after a failure
 * does not reuse it either.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { admin } from './fixtures';
import { STEP_SECONDS, stepAt, totpAtStep } from './totp';

const STEP_MS = STEP_SECONDS * 1000;
/** Past the boundary, so server and test agree that the new step has begun. */
const BOUNDARY_MARGIN_MS = 250;

let lastStep = -1;
let queue: Promise<unknown> = Promise.resolve();

function stateFile(): string | null {
  const dir = process.env.AYO_DATA_DIR;
  return dir ? join(dir, 'e2e-admin-totp-step') : null;
}

function readLastStep(): number {
  const file = stateFile();
  if (!file) return lastStep;
  try {
    const stored = Number(readFileSync(file, 'utf8'));
    return Number.isFinite(stored) ? Math.max(stored, lastStep) : lastStep;
  } catch {
    return lastStep;
  }
}

function keepLastStep(step: number) {
  lastStep = step;
  const file = stateFile();
  if (file) writeFileSync(file, String(step));
}

async function takeStep(): Promise<number> {
  const step = Math.max(stepAt(Date.now()), readLastStep() + 1);
  // The server takes at most the step after its own now: wait until `step - 1` has begun.
  const wait = (step - 1) * STEP_MS + BOUNDARY_MARGIN_MS - Date.now();
  if (wait > 0) await new Promise((done) => setTimeout(done, wait));
  keepLastStep(step);
  return step;
}

/**
 * A code for the demo admin (or the admin whose base32 `secret` is given) that no earlier login of this run has
 * used; waits at most one step.
 */
export function nextAdminCode(secret = admin().totpSecret): Promise<string> {
  if (!secret) throw new Error('AYO_ADMIN_TOTP_SECRET is not set: the global setup did not run');
  const next = queue.then(takeStep).then((step) => totpAtStep(secret, step));
  queue = next.catch(() => undefined);
  return next;
}
