/**
 * The one accepted spelling of every 32-byte value a draw hashes (docs/fairness.md, "Encodings";
 * data/src/lotto/canonical.rs): exactly 64 lowercase hexadecimal characters, nothing around them.
 *
 * The balls' HMAC message carries the tickets root and the witness's secret as text, so a value re-spelled in upper
 * case (or padded with a space) still decodes to the committed bytes but gives other balls. Accepting it would let
 * whoever publishes a draw choose among many results that all "verify"; this checker refuses it instead, naming the
 * field and the rule, as the server, `ayo verify-draw` and docs/vectors/check_v2.py do.
 */
import type { Check } from './check';

/** Why a text is not the canonical spelling of 32 bytes, by the names of the published negative vectors. */
export type Refusal = 'whitespace' | 'length' | 'not_hex' | 'upper_case';

const WHY: Record<Refusal, string> = {
  whitespace: 'has spaces or line breaks around or inside it',
  length: 'is not exactly 64 characters long',
  not_hex: 'has a character that is not hexadecimal',
  upper_case: 'has upper-case letters',
};

/** The first rule `text` breaks, in the order whitespace, length, not hex, upper case; null when it is canonical. */
export function refusalOf(text: string): Refusal | null {
  if (/\s/u.test(text)) return 'whitespace';
  if ([...text].length !== 64) return 'length';
  if (!/^[0-9a-fA-F]*$/.test(text)) return 'not_hex';
  if (/[A-F]/.test(text)) return 'upper_case';
  return null;
}

/** A field of a published draw whose value is not in its one spelling. */
export type Misspelled = { field: string; refusal: Refusal };

/** Every present value of `fields` (absent ones are other checks' business) that is not canonical. */
export function misspelled(fields: Record<string, string | null | undefined>): Misspelled[] {
  return Object.entries(fields).flatMap(([field, text]) => {
    if (text === null || text === undefined) return [];
    const refusal = refusalOf(text);
    return refusal ? [{ field, refusal }] : [];
  });
}

/** The check that fails a draw some of whose values are spelled otherwise than the one accepted way. */
export function encodingCheck(found: readonly Misspelled[]): Check {
  return {
    id: 'encoding',
    title: 'A published value is not written the one accepted way',
    ok: false,
    detail:
      'Every fingerprint, seed and secret is exactly 64 lower-case hexadecimal characters. Written any other way it can still match its fingerprint while giving other balls, so this draw is refused and nothing else is worked out.',
    values: found.map(({ field, refusal }) => ({ label: field, value: WHY[refusal] })),
  };
}
