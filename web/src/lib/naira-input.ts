/**
 * Naira as a person types it ↔ kobo as the server stores it (docs/product.md §2: every amount is integer kobo). Pure.
 *
 * An input (admin or player) accepts `1250`, `1,250.5`, `₦1,250.50` and, where a sign is allowed, `-500`. More
 * than two decimal places, letters or an empty box are not amounts: `null`, never a guess.
 */

/** The biggest naira amount any form takes (₦10 billion): far beyond every real limit. */
const MAX_KOBO = 1_000_000_000_000;

export function nairaToKobo(text: string, { signed = false }: { signed?: boolean } = {}): number | null {
  const cleaned = text.trim().replace(/[₦,\s]/g, '').replace(/^NGN/i, '');
  const match = /^([+-]?)(\d+)(?:\.(\d{0,2}))?$/.exec(cleaned) ?? /^([+-]?)()\.(\d{1,2})$/.exec(cleaned);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (sign === '-' && !signed) return null;
  const kobo = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(kobo) || kobo > MAX_KOBO) return null;
  return sign === '-' ? -kobo : kobo;
}

/** Kobo → what an input shows: `5000` → `50`, `5050` → `50.50`, `-250` → `-2.50`. No symbol, no separators. */
export function koboToNairaInput(kobo: number): string {
  if (!Number.isFinite(kobo)) return '';
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(Math.round(kobo));
  const naira = Math.floor(abs / 100);
  const rest = abs % 100;
  return rest === 0 ? `${sign}${naira}` : `${sign}${naira}.${String(rest).padStart(2, '0')}`;
}
