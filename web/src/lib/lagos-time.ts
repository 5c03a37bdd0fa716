/**
 * Nigerian time, the one clock the product speaks (docs/product.md §20): every time shown, typed or computed as a
 * calendar day is West Africa Time. WAT is UTC+01:00 all year (no daylight saving), so conversions for inputs are
 * exact without a time-zone database; display goes through Intl with `Africa/Lagos`. Pure.
 */
import { MONTHS } from './format';

export const LAGOS_TIME_ZONE = 'Africa/Lagos';
/** WAT is UTC+01:00, all year. */
export const WAT_OFFSET_MS = 60 * 60 * 1000;

const WAT_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: LAGOS_TIME_ZONE,
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  weekday: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

function watParts(value: string | number) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(WAT_PARTS.formatToParts(date).map((part) => [part.type, part.value]));
  const dayPeriod = (parts.dayPeriod ?? '').toLowerCase().replace(/\./g, '');
  return {
    weekday: parts.weekday ?? '',
    // Month names from our own list: ICU's en-GB now says "Sept".
    date: `${parts.day} ${MONTHS[Number(parts.month) - 1] ?? parts.month} ${parts.year}`,
    time: `${parts.hour}:${parts.minute} ${dayPeriod}`.trim(),
  };
}

const WAT_WEEKDAY = new Intl.DateTimeFormat('en-GB', { timeZone: LAGOS_TIME_ZONE, weekday: 'long' });

/** An instant in words, for when a break ends: `Friday 4 Dec 2026 at 7:15 pm WAT`. */
export function formatWeekdayDateTimeWAT(value: string | number): string {
  const parts = watParts(value);
  if (!parts) return String(value);
  return `${WAT_WEEKDAY.format(new Date(value))} ${parts.date.replace(/^0/, '')} at ${parts.time} WAT`;
}

/** An instant in Nigerian time (docs/product.md §20): `22 Nov 2026, 7:15 pm WAT`. */
export function formatDateTimeWAT(value: string | number): string {
  const parts = watParts(value);
  return parts ? `${parts.date}, ${parts.time} WAT` : String(value);
}

/** `7:15 pm WAT`. */
export function formatTimeWAT(value: string | number): string {
  const parts = watParts(value);
  return parts ? `${parts.time} WAT` : String(value);
}

/** `Tue 22 Nov, 7:15 pm WAT`: short, for lists. */
export function formatShortDateTimeWAT(value: string | number): string {
  const parts = watParts(value);
  if (!parts) return String(value);
  return `${parts.weekday} ${parts.date.replace(/ \d{4}$/, '')}, ${parts.time} WAT`;
}

/** `19:15` (a WAT wall-clock slot) → `7:15 pm`. */
export function clockTime(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!match) return hhmm;
  const hours = Number(match[1]);
  const period = hours >= 12 ? 'pm' : 'am';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${period}`;
}

/** The calendar day in Lagos at `now`, `YYYY-MM-DD`. */
export function lagosDay(now: number | Date = Date.now()): string {
  return new Date(new Date(now).getTime() + WAT_OFFSET_MS).toISOString().slice(0, 10);
}

/** The month in Lagos at `now`, `YYYY-MM`. */
export function lagosMonth(now: number | Date = Date.now()): string {
  return lagosDay(now).slice(0, 7);
}

/** `2026-11-22T19:15` (WAT) → `2026-11-22T18:15:00.000Z`; empty → null; unreadable → undefined. */
export function watInputToUtcIso(value: string): string | null | undefined {
  const text = value.trim();
  if (!text) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '0'] = match;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (!Number.isFinite(asUtc)) return undefined;
  return new Date(asUtc - WAT_OFFSET_MS).toISOString();
}

/** An RFC 3339 instant → the WAT wall-clock value a datetime-local input shows (`2026-11-22T19:15`). */
export function utcIsoToWatInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return '';
  return new Date(time + WAT_OFFSET_MS).toISOString().slice(0, 16);
}
