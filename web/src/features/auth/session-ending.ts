/**
 * A player's session ends when its token does (docs/product.md §12, an hour after login). Ending silently lost
 * whatever the player was doing (a half-filled slip, a withdrawal form), so the app warns a few minutes before.
 */

/** How long before the end the warning shows. */
export const SESSION_WARNING_MS = 5 * 60 * 1000;

/** When the warning is due for a session ending at `expiry` (epoch ms). */
export function sessionWarningAt(expiry: number): number {
  return expiry - SESSION_WARNING_MS;
}

/** Whole minutes left, at least 1 while any time is left ("in 1 minute" until the end, never "in 0 minutes"). */
export function minutesLeft(expiry: number, now: number): number {
  return Math.max(1, Math.ceil((expiry - now) / 60_000));
}
