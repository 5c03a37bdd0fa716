/**
 * Form checks shared by every feature (SPEC §5): the 'All fields are required' rule, the password rule and the
 * result shape. Feature-specific rules (sign-up, phone, OTP) live beside their feature.
 */

export const ALL_FIELDS_REQUIRED = 'All fields are required';
export const PASSWORD_TOO_SHORT = 'Password must be upto 6 characters';
export const PASSWORDS_DIFFER = 'Passwords do not match';
export const PASSWORD_MIN_LENGTH = 6;

/** The first problem with a field, or undefined when it is fine. */
export type FieldCheck = string | undefined;

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type Validation<K extends string, P> =
  | { ok: true; payload: P }
  | { ok: false; message: string; fieldErrors: FieldErrors<K> };

/** Valid when no field has a problem; otherwise SPEC's form message with the problem of each field. */
export function validation<K extends string, P>(
  fieldErrors: FieldErrors<K>,
  payload: () => P,
  message: string = ALL_FIELDS_REQUIRED,
): Validation<K, P> {
  const problems = Object.values(fieldErrors).filter(Boolean);
  if (problems.length === 0) return { ok: true, payload: payload() };
  return { ok: false, message, fieldErrors };
}

/** The hint beside a field: the form message already says fields are required, so an empty one reads "Required". */
export function fieldHint(message: string | undefined): string | undefined {
  return message === ALL_FIELDS_REQUIRED ? 'Required' : message;
}

export function checkRequired(value: string): FieldCheck {
  return value.trim() ? undefined : ALL_FIELDS_REQUIRED;
}

export function checkPassword(password: string): FieldCheck {
  if (!password) return ALL_FIELDS_REQUIRED;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
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
