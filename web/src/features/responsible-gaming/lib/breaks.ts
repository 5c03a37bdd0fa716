/**
 * Time-outs (24 hours, 7 days, 30 days) and self-exclusions (6 months, 1 year, 5 years), docs/product.md §8. A break
 * starts at once and cannot be ended or shortened; a new one may only end later than the one in force, so the
 * shorter choices are offered as unavailable. End times mirror the server (calendar months for the long ones).
 */
import type { Exclusion, ExclusionKind, ExclusionPeriod } from '@/types/money';

/** `label` names the choice (`7 days`); `length` goes before a noun (`a 7-day time-out`). */
export type BreakOption = { kind: ExclusionKind; period: ExclusionPeriod; label: string; length: string };

export const TIMEOUTS: BreakOption[] = [
  { kind: 'timeout', period: '24h', label: '24 hours', length: '24-hour' },
  { kind: 'timeout', period: '7d', label: '7 days', length: '7-day' },
  { kind: 'timeout', period: '30d', label: '30 days', length: '30-day' },
];

export const SELF_EXCLUSIONS: BreakOption[] = [
  { kind: 'self_exclusion', period: '6m', label: '6 months', length: '6-month' },
  { kind: 'self_exclusion', period: '1y', label: '1 year', length: '1-year' },
  { kind: 'self_exclusion', period: '5y', label: '5 years', length: '5-year' },
];

export const BREAK_OPTIONS = [...TIMEOUTS, ...SELF_EXCLUSIONS];

const HOUR = 3_600_000;

/** `from` plus whole calendar months, the day clamped to the month's end (31 Aug + 6 months = 28 Feb). UTC. */
function addMonths(from: Date, months: number): Date {
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds());
  return target;
}

/** When a break of `period` started at `from` ends. */
export function breakEnd(period: ExclusionPeriod, from: Date = new Date()): Date {
  switch (period) {
    case '24h':
      return new Date(from.getTime() + 24 * HOUR);
    case '7d':
      return new Date(from.getTime() + 7 * 24 * HOUR);
    case '30d':
      return new Date(from.getTime() + 30 * 24 * HOUR);
    case '6m':
      return addMonths(from, 6);
    case '1y':
      return addMonths(from, 12);
    case '5y':
      return addMonths(from, 60);
  }
}

/** A choice that would end before the break in force does (the server refuses it). */
export function endsTooSoon(period: ExclusionPeriod, current: Exclusion | null, now: Date = new Date()): boolean {
  return current !== null && breakEnd(period, now).getTime() < Date.parse(current.ends_at);
}

export function breakName(option: Pick<BreakOption, 'kind' | 'length'>): string {
  return option.kind === 'timeout' ? `a ${option.length} time-out` : `a ${option.length} self-exclusion`;
}

export function optionOf(exclusion: Pick<Exclusion, 'period'>): BreakOption | undefined {
  return BREAK_OPTIONS.find((option) => option.period === exclusion.period);
}
