/**
 * Dates as Nigeria writes them: day first, `17/05/1990`. A browser's own date box shows its machine's order
 * (mm/dd/yyyy on most laptops), so a date the player types is a plain text box read day first; the server gets
 * the calendar date as `YYYY-MM-DD`.
 */

/** The order to type it in, shown in the box and its hint. */
export const DAY_FIRST_PLACEHOLDER = 'DD/MM/YYYY';

/**
 * `17/05/1990`, `17-5-1990`, `17.05.1990`, `17 05 1990` or `17051990` as `1990-05-17`; a `YYYY-MM-DD` date (a
 * browser's autofill) as it is. Null for anything else, or a day that does not exist (31/02/1990).
 */
export function dayFirstToIso(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const dayFirst = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})$/.exec(value) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  const real = check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  if (!real) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `1990-05-17` as `17/05/1990` (a stored date shown for editing); anything else as it is. */
export function isoToDayFirst(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/**
 * What the box shows as the player types: a `/` after the day and after the month (a phone's number pad has no
 * `/`), and a `/` they type themselves is not doubled. Only typing forward adds one, so deleting is never fought.
 */
export function typeDayFirst(previous: string, typed: string): string {
  const next = typed.replace(/\/{2,}/g, '/');
  const forward = next.length > previous.length;
  return forward && /^(\d{2}|\d{2}\/\d{2})$/.test(next) ? `${next}/` : next;
}
