/**
 * A signed-in player on a time-out or self-exclusion (docs/decisions/025): the pages that would sell to them show
 * the break and its end instead (issue 32, item 4). The session's user carries the break in force
 * (`responsible_gaming.exclusion` of GET /auth/profiles).
 */
import { formatWeekdayDateTimeWAT } from '@/lib/lagos-time';
import { useServerTime } from '@/lib/server-clock';
import { useAuth } from '@/lib/session';
import type { Exclusion } from '@/types/money';

/**
 * The break in force for the signed-in player, or null (a guest, an admin, no break, a break that has ended by the
 * server's clock: the page lets the player back in when it ends).
 */
export function useBreak(): Exclusion | null {
  const { role, user } = useAuth();
  const exclusion = role === 'user' ? (user?.responsible_gaming?.exclusion ?? null) : null;
  const inForce = useServerTime((now) => (exclusion ? Date.parse(exclusion.ends_at) > now : false));
  return inForce ? exclusion : null;
}

/** "You are on a time-out until Friday 28 Nov 2026 at 9:30 pm WAT." in words a player reads at a glance. */
export function describeBreak(exclusion: Exclusion): string {
  const what = exclusion.kind === 'self_exclusion' ? 'You have excluded yourself' : 'You are taking a time-out';
  return `${what} until ${formatWeekdayDateTimeWAT(exclusion.ends_at)}.`;
}
