/** How amounts, dates and phone numbers read on screen (docs/product.md §2, §13, §20). Pure functions. */

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

/** Integer kobo → `₦1,250.00`. */
export function formatNaira(kobo: number): string {
  return naira.format((Number.isFinite(kobo) ? kobo : 0) / 100);
}

const count = new Intl.NumberFormat('en-NG');

/** A count or a multiplier, e.g. 2100 → `2,100`. */
export function formatCount(n: number): string {
  return count.format(n);
}

export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar date `YYYY-MM-DD` (or the date part of an RFC 3339 time) → `17 May 1990`.
 * Read as a calendar date, never through the local time zone, so a birthday never moves by a day.
 */
export function formatCalendarDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  const name = MONTHS[Number(month) - 1];
  if (!name) return value;
  return `${Number(day)} ${name} ${year}`;
}

/**
 * docs/product.md §13: displayed phone numbers keep the first three and the last four digits; every digit between is
 * hidden and the `+` goes. `+2348012345678` → `234******5678`. Too short to hide anything → the digits as they are.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 7) return digits;
  return `${digits.slice(0, 3)}${'*'.repeat(digits.length - 7)}${digits.slice(-4)}`;
}
