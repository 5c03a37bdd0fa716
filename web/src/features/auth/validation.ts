/**
 * docs/product.md §13 validation for logging in, signing up, OTPs and password reset, as small pure functions. Messages
 * docs/product.md §13 gives are used word for word; the few it does not give (name too long, email shape, date of
 * birth) are plain English of ours.
 */
import {
  ALL_FIELDS_REQUIRED,
  checkEmailAddress,
  checkNewPassword,
  checkPassword,
  checkPersonName,
  checkRequired,
  EMAIL_INVALID,
  EMAIL_MAX,
  EMAIL_TOO_LONG,
  NAME_MAX,
  NAME_TOO_LONG,
  validation,
  type FieldCheck,
  type Validation,
} from '@/lib/validation';
import { dayFirstToIso } from '@/lib/day-first-date';

export const MESSAGES = {
  allRequired: ALL_FIELDS_REQUIRED,
  tooYoung: 'You must be at least 18 years old',
  phoneRequired: 'Phone number is required',
  countryRequired: 'Please select a country',
  phoneDigitsOnly: 'Phone number should contain only digits',
  phoneTooShort: 'Phone number should be at least 10 digits',
  phoneTooLong: 'Phone number should not exceed 15 digits',
  phoneNigerian: 'A Nigerian phone number has 10 digits after +234 (11 with the leading 0)',
  otp: 'Make sure you entered the OTP sent to your email',
  nameTooLong: NAME_TOO_LONG,
  emailTooLong: EMAIL_TOO_LONG,
  emailInvalid: EMAIL_INVALID,
  dobFormat: 'Enter your date of birth as YYYY-MM-DD',
  dobDayFirst: 'Enter your date of birth as DD/MM/YYYY, e.g. 17/05/1990',
  dobUnreal: 'Enter a real date of birth',
} as const;

export const LIMITS = {
  nameMax: NAME_MAX,
  emailMax: EMAIL_MAX,
  minimumAge: 18,
  phoneMinDigits: 10,
  phoneMaxDigits: 15,
  nigeriaDigits: 10,
  otpLength: 6,
} as const;

/** The server's name and email rules (shared with the contact form, so both say the same). */
export const checkName: (name: string) => FieldCheck = checkPersonName;
export const checkEmail: (email: string) => FieldCheck = checkEmailAddress;

/** A real `YYYY-MM-DD` calendar date, or null. */
export function parseCalendarDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  const real = check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

/**
 * Age in whole years on `today` (its local calendar date): the year difference, less one until this year's
 * birthday is reached. Stricter than the original brief's bare year difference (docs/product.md §13), on purpose:
 * nobody under 18 signs up. A 29 February birthday is reached on 1 March in other years.
 */
export function ageOn(dob: string, today: Date): number | null {
  const birth = parseCalendarDate(dob);
  if (!birth) return null;
  const month = today.getMonth() + 1;
  const day = today.getDate();
  const reached = month > birth.month || (month === birth.month && day >= birth.day);
  return today.getFullYear() - birth.year - (reached ? 0 : 1);
}

/**
 * The date of birth as the player types it, day first (lib/day-first-date), then the server's rule (`checkDob`) on
 * the calendar date it names.
 */
export function checkTypedDob(typed: string, today: Date): FieldCheck {
  if (!typed.trim()) return ALL_FIELDS_REQUIRED;
  const iso = dayFirstToIso(typed);
  return iso ? checkDob(iso, today) : MESSAGES.dobDayFirst;
}

export function checkDob(dob: string, today: Date): FieldCheck {
  if (!dob.trim()) return ALL_FIELDS_REQUIRED;
  const age = ageOn(dob, today);
  const birth = parseCalendarDate(dob);
  if (age === null || !birth) return MESSAGES.dobFormat;
  // The server's rule: not after today and at most 120 calendar years back.
  if (age < 0 || today.getFullYear() - birth.year > 120) return MESSAGES.dobUnreal;
  if (age < LIMITS.minimumAge) return MESSAGES.tooYoung;
  return undefined;
}

/** Nigeria's dial code: its numbers have exactly `LIMITS.nigeriaDigits` national digits. */
export const NIGERIA_DIAL_CODE = '+234';

export type PhoneCheck = { ok: true; digits: string; fullNumber: string } | { ok: false; message: string };

/**
 * docs/product.md §13 phone rules, in order. A leading zero is stripped (local 0801… → 801…) before the digits are
 * counted, and the full number is the dial code plus the digits: '+234' + '8012345678'. A Nigerian number has exactly
 * 10 digits: the server's rule too (docs/decisions/050-one-phone-rule.md), checked against its published answers
 * (docs/vectors/rules/phone.json, phone.vectors.test.ts).
 */
export function checkPhone(input: string, dialCode: string | undefined | null): PhoneCheck {
  const value = input.trim();
  if (!value) return { ok: false, message: MESSAGES.phoneRequired };
  if (!dialCode) return { ok: false, message: MESSAGES.countryRequired };
  if (!/^\d+$/.test(value)) return { ok: false, message: MESSAGES.phoneDigitsOnly };
  const digits = value.startsWith('0') ? value.slice(1) : value;
  if (digits.length < LIMITS.phoneMinDigits) return { ok: false, message: MESSAGES.phoneTooShort };
  if (digits.length > LIMITS.phoneMaxDigits) return { ok: false, message: MESSAGES.phoneTooLong };
  if (dialCode === NIGERIA_DIAL_CODE && digits.length !== LIMITS.nigeriaDigits) {
    return { ok: false, message: MESSAGES.phoneNigerian };
  }
  return { ok: true, digits, fullNumber: `${dialCode}${digits}` };
}

/** docs/product.md §13: the OTP has 6 characters. */
export function checkOtp(otp: string): FieldCheck {
  return otp.trim().length === LIMITS.otpLength ? undefined : MESSAGES.otp;
}

export type LoginValues = { userIdentity: string; password: string };

/** docs/product.md §13: phone or email, and password, both required, else 'All fields are required'. */
export function validateLogin(values: LoginValues): Validation<keyof LoginValues, LoginValues> {
  return validation(
    { userIdentity: checkRequired(values.userIdentity), password: values.password ? undefined : ALL_FIELDS_REQUIRED },
    () => ({ userIdentity: values.userIdentity.trim(), password: values.password }),
  );
}

export type SignUpValues = {
  name: string;
  email: string;
  dob: string;
  dialCode: string;
  phone: string;
  password: string;
  /** Optional at sign-up (asked before the first deposit otherwise). */
  state?: string;
};
export type SignUpPayload = {
  name: string;
  email: string;
  dob: string;
  phoneNumber: string;
  password: string;
  state?: string;
};
export type SignUpField = 'name' | 'email' | 'dob' | 'phone' | 'password' | 'state';

/**
 * docs/product.md §13 sign-up: every field present and valid, else 'All fields are required' when one is empty (or the
 * first problem when all are filled), with a hint per field.
 */
export function validateSignUp(values: SignUpValues, today: Date): Validation<SignUpField, SignUpPayload> {
  const phone = checkPhone(values.phone, values.dialCode);
  const fieldErrors = {
    name: checkName(values.name),
    email: checkEmail(values.email),
    dob: checkTypedDob(values.dob, today),
    phone: phone.ok ? undefined : phone.message,
    password: checkPassword(values.password),
  };
  return validation(fieldErrors, () => ({
    name: values.name.trim(),
    email: values.email.trim(),
    dob: dayFirstToIso(values.dob) ?? values.dob.trim(),
    phoneNumber: phone.ok ? phone.fullNumber : '',
    password: values.password,
    ...(values.state ? { state: values.state } : {}),
  }));
}

/** docs/product.md §13: 'Make sure you entered the OTP sent to your email' unless the code has 6 characters. */
export function validateOtp(otp: string): Validation<'otp', { otp: string }> {
  return validation({ otp: checkOtp(otp) }, () => ({ otp: otp.trim() }), MESSAGES.otp);
}

export function validateEmail(email: string): Validation<'email', { email: string }> {
  return validation({ email: checkEmail(email) }, () => ({ email: email.trim() }));
}

export type ResetPasswordValues = { otp: string; password: string; confirm: string };

/** /otp-change-password: the emailed code and the new password twice. */
export function validateResetPassword(
  values: ResetPasswordValues,
): Validation<keyof ResetPasswordValues, { otp: string; password: string }> {
  const fieldErrors = {
    otp: values.otp.trim() ? checkOtp(values.otp) : ALL_FIELDS_REQUIRED,
    ...checkNewPassword(values),
  };
  // When the code is the only problem, the OTP message of docs/product.md §13 says exactly what is wrong.
  const onlyOtp = fieldErrors.otp === MESSAGES.otp && !fieldErrors.password && !fieldErrors.confirm;
  return validation(
    fieldErrors,
    () => ({ otp: values.otp.trim(), password: values.password }),
    onlyOtp ? MESSAGES.otp : undefined,
  );
}
