/**
 * A Nigerian bank account number (NUBAN) as the server checks it (data/src/nuban.rs): exactly 10 digits, and for
 * banks whose numbers are NUBANs (`nuban_check` in GET /accounts/banks) the CBN check digit, so a typo shows
 * beside the field before any name look-up is spent on it. Pure.
 *
 * The check digit is computed over a 6-digit institution code (a 3-digit bank code gets `000` in front, a 5-digit
 * one `9`) followed by the 9-digit serial, with weights 3 7 3 3 7 3 …: `(10 − Σ mod 10) mod 10`.
 */

export const ACCOUNT_NUMBER_LENGTH = 10;

export type BankOption = { code: string; name: string; nuban_check?: boolean };

const WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/** What the player typed, as digits only (spaces and dashes pasted from a banking app dropped), at most 10. */
export function accountDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, ACCOUNT_NUMBER_LENGTH);
}

function institutionCode(code: string): string | null {
  if (!/^\d+$/.test(code)) return null;
  if (code.length === 3) return `000${code}`;
  if (code.length === 5) return `9${code}`;
  return code.length === 6 ? code : null;
}

/** The check digit the CBN rule expects for `serial` (9 digits) at the bank with `code`; null when unknown. */
export function nubanCheckDigit(code: string, serial: string): number | null {
  const institution = institutionCode(code);
  if (!institution || !/^\d{9}$/.test(serial)) return null;
  const digits = `${institution}${serial}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (WEIGHTS[i] ?? 0), 0);
  return (10 - (sum % 10)) % 10;
}

/** The first problem with an account number for `bank` (when chosen), or undefined when it may be looked up. */
export function checkAccountNumber(number: string, bank?: BankOption): string | undefined {
  if (!number) return 'Enter your 10-digit account number';
  if (!/^\d+$/.test(number)) return 'The account number must contain digits only';
  if (number.length !== ACCOUNT_NUMBER_LENGTH) return 'The account number must have exactly 10 digits';
  if (bank && bank.nuban_check !== false) {
    const expected = nubanCheckDigit(bank.code, number.slice(0, 9));
    if (expected !== null && expected !== Number(number[9])) {
      return 'This is not a valid account number for the chosen bank; please check it';
    }
  }
  return undefined;
}

/** `0123456785` → `••••6785`: enough to recognise an account without showing all of it. */
export function maskAccountNumber(number: string): string {
  return `••••${number.slice(-4)}`;
}
