/**
 * Reality checks (docs/decisions/025, UKGC RTS 13): when the next one is due, how long the player has been logged
 * in, and how the session's money reads. Pure.
 *
 * A check is due `interval` minutes after the session began (the login, as the server dates it), and again
 * `interval` minutes after each "Continue". The times here are in the browser's clock: the session's start is
 * moved into it once, with the server's offset measured when the start was read (`toLocalMs`).
 */
import { formatNaira } from '@/lib/format';

/** The choices the server offers, in minutes; 0 is off. Mirrors `REALITY_CHECK_INTERVALS`. */
export const REALITY_CHECK_INTERVALS = [0, 15, 30, 45, 60] as const;

/** A player who never chose: hourly. Mirrors `REALITY_CHECK_DEFAULT`. */
export const REALITY_CHECK_DEFAULT = 60;

const MINUTE = 60_000;

export function intervalLabel(minutes: number): string {
  if (minutes === 0) return 'Off';
  if (minutes === 60) return 'Every hour';
  return `Every ${minutes} minutes`;
}

/** A server time in this browser's clock: `serverTime` was read at local `receivedAt`. NaN when unreadable. */
export function toLocalMs(at: string, serverTime: string, receivedAt: number): number {
  const offset = Date.parse(serverTime) - receivedAt;
  return Date.parse(at) - (Number.isFinite(offset) ? offset : 0);
}

/**
 * When the next check is due (local epoch ms), or null when checks are off, the inputs are unreadable, or it would
 * fall at or after `sessionEndsAt` (the session ends then anyway, and logging out is the stronger check).
 * `lastContinuedAt`: when the player last pressed "Continue" in this session, if they have.
 */
export function nextCheckDue(
  sessionStartedAt: number,
  intervalMinutes: number,
  lastContinuedAt: number | null,
  sessionEndsAt: number | null = null,
): number | null {
  if (!Number.isFinite(sessionStartedAt) || !(intervalMinutes > 0)) return null;
  const from = lastContinuedAt !== null && lastContinuedAt > sessionStartedAt ? lastContinuedAt : sessionStartedAt;
  const due = from + intervalMinutes * MINUTE;
  if (sessionEndsAt !== null && due >= sessionEndsAt) return null;
  return due;
}

/** `1 hour 5 minutes`, `15 minutes`, `less than a minute`: how long since `from`, in whole minutes. */
export function formatElapsed(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / MINUTE);
  if (minutes < 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (hours === 0) return part(rest, 'minute');
  return rest === 0 ? part(hours, 'hour') : `${part(hours, 'hour')} ${part(rest, 'minute')}`;
}

/** A signed naira figure: `+₦1,500.00`, `−₦250.00`, `₦0.00`. */
export function signedNaira(kobo: number): string {
  if (kobo === 0) return formatNaira(0);
  return `${kobo > 0 ? '+' : '−'}${formatNaira(Math.abs(kobo))}`;
}

/** The play result in words: `You are ₦250.00 down`, `You are ₦1,000.00 up`, `You are even`. */
export function netInWords(net: number): string {
  if (net === 0) return 'You are even on play this session.';
  return `You are ${formatNaira(Math.abs(net))} ${net > 0 ? 'up' : 'down'} on play this session.`;
}
