/**
 * Why the server filed an adjustment for a second admin instead of applying it (`held_because`): four eyes count
 * the day's sum of what one admin moves (Lagos time), per player and in total, not only each request, so a large
 * sum split into small requests waits like the large one.
 */
import type { AdjustmentRequest } from '@/features/admin/types';

export type HeldBecause = NonNullable<AdjustmentRequest['held_because']>;

/** As the admin who asked reads it, after "Request #N (credit of ₦X)". */
export function heldForAsker(because: HeldBecause | undefined): string {
  switch (because) {
    case 'player_day':
      return 'would take today’s total for this player above the approval limit';
    case 'admin_day':
      return 'would take your total for today, across every player, above the approval limit';
    default:
      return 'is above the approval limit';
  }
}

/** As the admin deciding it reads it. */
export function heldForChecker(because: HeldBecause | undefined): string {
  switch (because) {
    case 'player_day':
      return 'Filed because, with what the same admin already asked for this player today, today’s total for this player is above the approval limit.';
    case 'admin_day':
      return 'Filed because, with what the same admin already moved alone today, their total for today is above the approval limit.';
    default:
      return 'Filed because it is above the approval limit by itself.';
  }
}
