/**
 * The second step of an admin login: the 6-digit code an authenticator app shows (RFC 6238), or one of the
 * one-time recovery codes (`abcd-efgh-jk`) issued at enrolment. One input takes either; the server decides which.
 * At enrolment, also the operator's one-time enrolment code.
 */

export const AUTHENTICATOR_CODE_LENGTH = 6;
export const CODE_REQUIRED = 'Enter the code';
export const CODE_SIX_DIGITS = 'The code from your authenticator app has 6 digits';

export type CodeCheck = { ok: true; code: string } | { ok: false; error: string };

/**
 * What to send for what was typed: digits with any spaces (`123 456`, as some apps show them) become the six
 * digits; anything with a letter goes as typed (trimmed), a recovery code; a wrong number of digits is refused here.
 */
export function checkSignInCode(typed: string): CodeCheck {
  const text = typed.trim();
  if (!text) return { ok: false, error: CODE_REQUIRED };
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) {
    return digits.length === AUTHENTICATOR_CODE_LENGTH ? { ok: true, code: digits } : { ok: false, error: CODE_SIX_DIGITS };
  }
  return { ok: true, code: text };
}

export const ENROLMENT_CODE_REQUIRED = 'Enter the enrolment code the operator gave you';

/**
 * The one-time enrolment code `ayo create-admin` printed for a new admin (`abcd-efgh-jkmn-pqrs-tuvw`): sent as
 * typed, trimmed (the server forgives case, spaces and dashes); only an empty one is refused here.
 */
export function checkEnrolmentCode(typed: string): CodeCheck {
  const text = typed.trim();
  return text ? { ok: true, code: text } : { ok: false, error: ENROLMENT_CODE_REQUIRED };
}
