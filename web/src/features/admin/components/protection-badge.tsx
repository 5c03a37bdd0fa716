import { StatusBadge } from '@/features/admin/components/admin-ui';
import { formatCalendarDate } from '@/lib/format';
import { formatDateTimeWAT, lagosDay } from '@/lib/lagos-time';
import type { Exclusion } from '@/types/money';

/** "Self-excluded until 26 Nov 2027" / "Time-out until 28 Nov 2026, 9:30 pm WAT": a player's break, for staff. */
export function protectionLabel(protection: Exclusion): string {
  return protection.kind === 'self_exclusion'
    ? `Self-excluded until ${formatCalendarDate(lagosDay(Date.parse(protection.ends_at)))}`
    : `Time-out until ${formatDateTimeWAT(protection.ends_at)}`;
}

/** A player's protection status beside their account status (issue 32): nothing when no break is in force. */
export function ProtectionBadge({ protection }: { protection?: Exclusion | null }) {
  if (!protection) return null;
  return <StatusBadge status={protection.kind} label={protectionLabel(protection)} tone="warn" />;
}
