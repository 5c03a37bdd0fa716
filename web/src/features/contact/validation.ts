/**
 * The contact form's rules, the same as the server's `POST /contacts/create` (docs/api-admin.md): every field is
 * required ('All fields are required'); a name of at most 70 characters and a normal email address of at most 50
 * (the sign-up rules); a subject of at most 120 characters; a message of 10 to 5,000. Lengths count characters as
 * the server does, after trimming.
 */
import {
  ALL_FIELDS_REQUIRED,
  charCount,
  checkEmailAddress,
  checkPersonName,
  formMessage,
  type FieldCheck,
  type FieldErrors,
  type Validation,
} from '@/lib/validation';

export const CONTACT_LIMITS = { subjectMax: 120, messageMin: 10, messageMax: 5_000 } as const;

export const CONTACT_MESSAGES = {
  subjectTooLong: 'Subject must be at most 120 characters',
  messageLength: 'Message must be between 10 and 5,000 characters',
} as const;

export type ContactValues = { name: string; email: string; subject: string; message: string };
export type ContactField = keyof ContactValues;

export function checkSubject(subject: string): FieldCheck {
  const value = subject.trim();
  if (!value) return ALL_FIELDS_REQUIRED;
  if (charCount(value) > CONTACT_LIMITS.subjectMax) return CONTACT_MESSAGES.subjectTooLong;
  return undefined;
}

export function checkMessage(message: string): FieldCheck {
  const value = message.trim();
  if (!value) return ALL_FIELDS_REQUIRED;
  const length = charCount(value);
  if (length < CONTACT_LIMITS.messageMin || length > CONTACT_LIMITS.messageMax) return CONTACT_MESSAGES.messageLength;
  return undefined;
}

/**
 * Every field checked. The form's message is the server's (`formMessage`): 'All fields are required' when one is
 * empty, else the first problem, so the summary always names what to fix.
 */
export function validateContact(values: ContactValues): Validation<ContactField, ContactValues> {
  const fieldErrors: FieldErrors<ContactField> = {
    name: checkPersonName(values.name),
    email: checkEmailAddress(values.email),
    subject: checkSubject(values.subject),
    message: checkMessage(values.message),
  };
  const problems = Object.values(fieldErrors).filter((p): p is string => Boolean(p));
  if (problems.length === 0) {
    return {
      ok: true,
      payload: {
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
      },
    };
  }
  return { ok: false, message: formMessage(fieldErrors), fieldErrors };
}
