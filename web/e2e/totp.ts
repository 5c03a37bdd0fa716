/**
 * RFC 6238 time-based one-time passwords (HMAC-SHA1 over RFC 4226, 30-second steps), as an authenticator app makes
 * them: the journeys type the demo admin's code with it. The server's own is src/auth/totp.rs; both are checked
 * against the RFC's test vector (e2e/totp.test.ts here, its unit tests there).
 */
import { createHmac } from 'node:crypto';

export const STEP_SECONDS = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (case, spaces and padding forgiven) → bytes. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The step a moment (epoch milliseconds) falls in. */
export function stepAt(timeMs: number): number {
  return Math.floor(timeMs / 1000 / STEP_SECONDS);
}

/** RFC 4226 HOTP: the code for one counter value. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest[19] ?? 0) & 0x0f;
  const word = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(word % 10 ** digits).padStart(digits, '0');
}

/** The code of a base32 secret for a step. */
export function totpAtStep(secret: string, step: number, digits = 6): string {
  return hotp(base32Decode(secret), step, digits);
}

/** The code of a base32 secret at a moment (epoch milliseconds). */
export function totp(secret: string, timeMs = Date.now(), digits = 6): string {
  return totpAtStep(secret, stepAt(timeMs), digits);
}

/** The `secret` of an `otpauth://totp/…?secret=…` URI, as the server prints it for the demo admin. */
export function otpauthSecret(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}
