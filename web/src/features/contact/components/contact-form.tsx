/**
 * The contact form (/contact): name, email, subject and message, checked here with the server's own rules, then
 * sent to POST /contacts/create. Problems show beside their fields (the server's 422s too) and the first one takes
 * the focus; a 429 asks the visitor to wait a minute. The outcome is said in one live region that stays in place
 * when the form gives way to the thank-you, so a screen reader hears it either way.
 */
import { useEffect, useRef, useState } from 'react';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextAreaField } from '@/components/ui/form/text-area-field';
import { TextField } from '@/components/ui/form/text-field';
import { useForm } from '@/components/ui/form/use-form';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors } from '@/lib/server-errors';
import { useAuth } from '@/lib/session';
import { charCount } from '@/lib/validation';
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

const count = (text: string) => charCount(text.trim()).toLocaleString('en-NG');

export function ContactForm() {
  const { user } = useAuth();
  // A logged-in player need not type who they are.
  const form = useForm<ContactValues, ContactField>(() => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    subject: '',
    message: '',
  }));
  // What the server said on accepting the message; set means the form has given way to the thank-you.
  const [sentText, setSentText] = useState<string>();
  const resultRef = useRef<HTMLDivElement>(null);
  const send = useSendContact();
  const sent = sentText !== undefined;

  // The button that was pressed is gone once sent: keep the focus on the outcome instead of losing it.
  // Centred on screen, because the page's sticky header would cover it if the focus alone scrolled it just into view.
  useEffect(() => {
    const result = resultRef.current;
    if (!sent || !result) return;
    result.focus({ preventScroll: true });
    if (typeof result.scrollIntoView === 'function') result.scrollIntoView({ block: 'center' });
  }, [sent]);

  const deliver = (payload: ContactValues) =>
    send.mutate(payload, {
      onSuccess: (answer) => {
        // Who they are stays for a second message; what they said does not.
        form.reset({ ...form.values, subject: '', message: '' });
        setSentText(answer.message ?? SENT_FALLBACK);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.status === 429) form.setMessage(TOO_MANY_MESSAGES);
        else if (error.status === 422) form.refuse(serverFieldErrors(error, SERVER_FIELDS), error.message);
      },
    });

  const notice = sent
    ? { tone: 'success', text: sentText }
    : form.message
      ? { tone: 'error', text: form.message }
      : undefined;

  return (
    <div>
      {sent ? null : (
        <form
          className="form"
          noValidate
          onSubmit={form.submit(() => form.check(validateContact(form.values)), deliver)}
          aria-label="Contact us"
        >
          <TextField
            label="Your name"
            autoComplete="name"
            {...form.field('name')}
          />
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            {...form.field('email')}
            hint="We reply to this address."
          />
          <TextField
            label="Subject"
            {...form.field('subject')}
            hint={`At most ${CONTACT_LIMITS.subjectMax} characters (${count(form.values.subject)} so far).`}
          />
          <TextAreaField
            label="Message"
            rows={7}
            {...form.field('message')}
            hint={
              `${CONTACT_LIMITS.messageMin} to 5,000 characters (${count(form.values.message)} so far). ` +
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
          onClick={() => setSentText(undefined)}
        >
          Send another message
        </button>
      ) : null}
    </div>
  );
}
