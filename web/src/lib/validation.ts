/**
 * Form checks shared by every feature (docs/product.md §13): the 'All fields are required' rule, the password rule and
 * the result shape. Feature-specific rules (sign-up, phone, OTP) live beside their feature.
 */

export const ALL_FIELDS_REQUIRED = 'All fields are required';
export const PASSWORD_TOO_SHORT = 'Password must be upto 6 characters';
export const PASSWORDS_DIFFER = 'Passwords do not match';
export const PASSWORD_TOO_LONG = 'Password must be at most 128 characters';
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** The first problem with a field, or undefined when it is fine. */
export type FieldCheck = string | undefined;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type Validation<K extends string, P> =
  | { ok: true; payload: P }
  | { ok: false; message: string; fieldErrors: FieldErrors<K> };

/** Whether a field's problem is that it is empty ('All fields are required', 'Phone number is required'). */
export function isMissing(problem: string): boolean {
  return problem === ALL_FIELDS_REQUIRED || / is required$/.test(problem);
}

/**
 * The message above a refused form (docs/product.md §13): 'All fields are required' only when a field is empty;
 * when every field is filled, the first real problem ('Enter a valid email address'), never a claim that
 * something is missing when nothing is.
 */
export function formMessage<K extends string>(fieldErrors: FieldErrors<K>): string {
  const problems = Object.values<string | undefined>(fieldErrors).filter((p): p is string => Boolean(p));
  if (problems.length === 0 || problems.some(isMissing)) return ALL_FIELDS_REQUIRED;
  return problems[0] ?? ALL_FIELDS_REQUIRED;
}

/**
 * Valid when no field has a problem; otherwise the form's message (`formMessage` unless one is given) with the
 * problem of each field.
 */
export function validation<K extends string, P>(
  fieldErrors: FieldErrors<K>,
  payload: () => P,
  message?: string,
): Validation<K, P> {
  const problems = Object.values(fieldErrors).filter(Boolean);
  if (problems.length === 0) return { ok: true, payload: payload() };
  return { ok: false, message: message ?? formMessage(fieldErrors), fieldErrors };
}

/** The hint beside a field: the form message already says fields are required, so an empty one reads "Required". */
export function fieldHint(message: string | undefined): string | undefined {
  return message === ALL_FIELDS_REQUIRED ? 'Required' : message;
}

export function checkRequired(value: string): FieldCheck {
  return value.trim() ? undefined : ALL_FIELDS_REQUIRED;
}

/** Characters as the server counts them (Unicode code points, not UTF-16 units: an emoji is one). */
export function charCount(text: string): number {
  return [...text].length;
}

export const NAME_MAX = 70;
export const EMAIL_MAX = 50;
export const NAME_TOO_LONG = 'Name must be at most 70 characters';
export const NAME_INVALID = 'Name contains invalid characters';
export const EMAIL_TOO_LONG = 'Email must be at most 50 characters';
export const EMAIL_INVALID = 'Enter a valid email address';

/** A person's name, checked as the server's `PersonName::parse` does: runs of spaces count as one. */
export function checkPersonName(name: string): FieldCheck {
  // U+0085 is whitespace to the server (Rust's `split_whitespace`) but not to JavaScript's \s.
  const collapsed = name.split(/[\s\u0085]+/).filter(Boolean).join(' ');
  if (!collapsed) return ALL_FIELDS_REQUIRED;
  if (charCount(collapsed) > NAME_MAX) return NAME_TOO_LONG;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f-\u009f]/.test(collapsed)) return NAME_INVALID;
  return undefined;
}

const EMAIL_LOCAL = /^[a-z0-9!#$%&'*+\-/=?^_`{|}~.]+$/;
const EMAIL_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * local@domain.tld, as the server's `Email::parse` reads it (lower-cased): a local part of the usual characters
 * with no leading, trailing or double dot; two or more domain labels of letters, digits and inner hyphens; a
 * top-level domain of two or more letters.
 */
export function looksLikeEmail(email: string): boolean {
  const at = email.indexOf('@');
  if (at < 0) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  const localOk =
    EMAIL_LOCAL.test(local) && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
  const tld = labels[labels.length - 1] ?? '';
  return localOk && labels.length >= 2 && labels.every((l) => EMAIL_LABEL.test(l)) && /^[a-z]{2,}$/.test(tld);
}

/** An email address, checked as the server's `Email::parse` does (trimmed, case ignored). */
export function checkEmailAddress(email: string): FieldCheck {
  const value = email.trim().toLowerCase();
  if (!value) return ALL_FIELDS_REQUIRED;
  if (charCount(value) > EMAIL_MAX) return EMAIL_TOO_LONG;
  if (!looksLikeEmail(value)) return EMAIL_INVALID;
  return undefined;
}

export function checkPassword(password: string): FieldCheck {
  if (!password) return ALL_FIELDS_REQUIRED;
  if (charCount(password) < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (charCount(password) > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  return undefined;
}

export type NewPasswordValues = { password: string; confirm: string };

/** A new password typed twice (reset password, change password). */
export function checkNewPassword(values: NewPasswordValues): FieldErrors<'password' | 'confirm'> {
  const password = checkPassword(values.password);
  let confirm: FieldCheck;
  if (!values.confirm) confirm = ALL_FIELDS_REQUIRED;
  else if (values.confirm !== values.password) confirm = PASSWORDS_DIFFER;
  return { password, confirm };
}

export type ChangePasswordValues = { current: string; password: string; confirm: string };
export type ChangePasswordPayload = { current_password: string; password: string };

/** The change-password form (player and admin): current password, then the new one twice. */
export function validateChangePassword(
  values: ChangePasswordValues,
): Validation<keyof ChangePasswordValues, ChangePasswordPayload> {
  const fieldErrors = { current: values.current ? undefined : ALL_FIELDS_REQUIRED, ...checkNewPassword(values) };
  return validation(fieldErrors, () => ({ current_password: values.current, password: values.password }));
}
