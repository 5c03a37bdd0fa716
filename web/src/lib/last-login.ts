/** "Last login" after logging in (docs/decisions/025, UKGC RTS 14): the login before this session's. Pure. */
import { formatDateTimeWAT } from '@/lib/lagos-time';

/** `Last login: 22 Nov 2026, 7:15 pm WAT`, or that this is the first; null when the server did not say. */
export function lastLoginText(previous: string | null | undefined): string | null {
  if (previous === undefined) return null;
  if (previous === null) return 'This is your first login.';
  return `Last login: ${formatDateTimeWAT(previous)}`;
}
