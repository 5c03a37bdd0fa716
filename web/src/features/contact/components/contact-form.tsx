/**
 * The contact form (/contact): name, email, subject and message, checked here with the server's own rules, then
 * sent to POST /contacts/create. Problems show beside their fields (the server's 422s too) and the first one takes
 * the focus; a 429 asks the visitor to wait a minute. The outcome is said in one live region that stays in place
 * when the form gives way to the thank-you, so a screen reader hears it either way.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextAreaField } from '@/components/ui/form/text-area-field';
import { TextField } from '@/components/ui/form/text-field';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/server-errors';
import { useAuth } from '@/lib/session';
import { charCount, fieldHint, type FieldErrors } from '@/lib/validation';
import { useSendContact } from '@/features/contact/api/send-contact';
import {
  CONTACT_LIMITS,
  validateContact,
  type ContactField,
  type ContactValues,
} from '@/features/contact/validation';
import './contact.css';

export const SENT_FALLBACK = 'Thank you. We have your message and will reply by email.';
export const TOO_MANY_MESSAGES =
  'You have sent several messages in a short time. Please wait a minute, then try again.';

const SERVER_FIELDS: Record<string, ContactField> = {
  name: 'name',
  email: 'email',
  subject: 'subject',
  message: 'message',
};

type Notice = { tone: 'error' | 'success'; text: string };

const count = (text: string) => charCount(text.trim()).toLocaleString('en-NG');

export function ContactForm() {
  const { user } = useAuth();
  // A logged-in player need not type who they are.
  const [values, setValues] = useState<ContactValues>(() => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  }));
  const [errors, setErrors] = useState<FieldErrors<ContactField>>({});
  const [notice, setNotice] = useState<Notice>();
  const [sent, setSent] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const send = useSendContact();

  // After a failed submit, take the keyboard to the first field with a problem.
  useEffect(() => {
    if (focusTick === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusTick]);

  // The button that was pressed is gone once sent: keep the focus on the outcome instead of losing it.
  // Centred on screen, because the page's sticky header would cover it if the focus alone scrolled it just into view.
  useEffect(() => {
    const result = resultRef.current;
    if (!sent || !result) return;
    result.focus({ preventScroll: true });
    if (typeof result.scrollIntoView === 'function') result.scrollIntoView({ block: 'center' });
  }, [sent]);

  const change = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const fail = (fieldErrors: FieldErrors<ContactField>, text: string) => {
    setErrors(fieldErrors);
    setNotice({ tone: 'error', text });
    setFocusTick((n) => n + 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateContact(values);
    if (!checked.ok) {
      fail(checked.fieldErrors, checked.message);
      return;
    }
    setNotice(undefined);
    send.mutate(checked.payload, {
      onSuccess: (answer) => {
        setErrors({});
        setNotice({ tone: 'success', text: answer.message ?? SENT_FALLBACK });
        // Who they are stays for a second message; what they said does not.
        setValues((current) => ({ ...current, subject: '', message: '' }));
        setSent(true);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.status === 429) setNotice({ tone: 'error', text: TOO_MANY_MESSAGES });
        else if (error.status === 422) fail(serverFieldErrors(error, SERVER_FIELDS), error.message);
      },
    });
  };

  const again = () => {
    setSent(false);
    setNotice(undefined);
  };

  return (
    <div>
      {sent ? null : (
        <form ref={formRef} className="form" noValidate onSubmit={submit} aria-label="Contact us">
          <TextField
            label="Your name"
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={change('name')}
            error={fieldHint(errors.name)}
          />
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            value={values.email}
            onChange={change('email')}
            error={fieldHint(errors.email)}
            hint="We reply to this address."
          />
          <TextField
            label="Subject"
            name="subject"
            value={values.subject}
            onChange={change('subject')}
            error={fieldHint(errors.subject)}
            hint={`At most ${CONTACT_LIMITS.subjectMax} characters (${count(values.subject)} so far).`}
          />
          <TextAreaField
            label="Message"
            name="message"
            rows={7}
            value={values.message}
            onChange={change('message')}
            error={fieldHint(errors.message)}
            hint={
              `${CONTACT_LIMITS.messageMin} to 5,000 characters (${count(values.message)} so far). ` +
              'Never send your password or card details.'
            }
          />
          <SubmitButton pending={send.isPending} pendingText="Sending…">
            Send message
          </SubmitButton>
        </form>
      )}
      <div
        ref={resultRef}
        className="contact-form__result"
        role="status"
        aria-live="polite"
        aria-atomic="true"
        tabIndex={-1}
      >
        {notice ? (
          <p className={`form-alert form-alert--${notice.tone}`}>
            {notice.tone === 'success' ? <strong>Message sent. </strong> : null}
            {notice.text}
          </p>
        ) : null}
      </div>
      {sent ? (
        <button
          type="button"
          className="button button--ghost button--block contact-form__again"
          onClick={again}
        >
          Send another message
        </button>
      ) : null}
    </div>
  );
}
