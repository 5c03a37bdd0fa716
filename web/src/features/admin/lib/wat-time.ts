/**
 * `<input type="datetime-local">` values read as Nigerian time, whatever the admin's computer says: WAT is
 * UTC+01:00 all year (no daylight saving), so the conversion is exact without a time-zone database. Pure.
 */
const WAT_OFFSET_MS = 60 * 60 * 1000;

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
