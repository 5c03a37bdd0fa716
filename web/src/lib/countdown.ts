/**
 * Countdown arithmetic and words, pure. Time left is always measured on the server's clock
 * (`serverNow = Date.now() + offset`), never the local clock alone (docs/product.md §5).
 */

export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number; totalSeconds: number };

/** Milliseconds from the server's now to `target` (an RFC 3339 time or epoch ms); negative once passed. */
export function timeLeftMs(target: string | number, serverNowMs: number): number {
  const at = typeof target === 'number' ? target : Date.parse(target);
  return Number.isFinite(at) ? at - serverNowMs : 0;
}

/** `serverNow` for a local reading and an offset (server − local). */
export function serverNowFrom(localNowMs: number, offsetMs: number): number {
  return localNowMs + offsetMs;
}

/**
 * Whole days, hours, minutes and seconds left. Seconds round up, so the display reads 00:01 during the last
 * second and reaches zero exactly at the target.
 */
export function countdownParts(ms: number): CountdownParts {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
    totalSeconds,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `2d 03h 04m 05s`, `03h 04m 05s`, `04m 05s` (leading zero units dropped, the rest two digits). */
export function formatCountdown(ms: number): string {
  const { days, hours, minutes, seconds } = countdownParts(ms);
  if (days > 0) return `${days}d ${two(hours)}h ${two(minutes)}m ${two(seconds)}s`;
  if (hours > 0) return `${two(hours)}h ${two(minutes)}m ${two(seconds)}s`;
  return `${two(minutes)}m ${two(seconds)}s`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The time left in words for screen readers, to the minute (rounded up), so the accessible text changes at most
 * once a minute: `2 days 3 hours 5 minutes`, `4 minutes`, `less than a minute`.
 */
export function spokenCountdown(ms: number): string {
  if (ms <= 0) return 'no time';
  if (ms <= 60_000) return 'less than a minute';
  const totalMinutes = Math.ceil(ms / 60_000);
  const days = Math.floor(totalMinutes / 1_440);
  const hours = Math.floor((totalMinutes % 1_440) / 60);
  const minutes = totalMinutes % 60;
  return [days && plural(days, 'day'), hours && plural(hours, 'hour'), minutes && plural(minutes, 'minute')]
    .filter(Boolean)
    .join(' ');
}
