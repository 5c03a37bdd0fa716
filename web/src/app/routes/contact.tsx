import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ContactForm } from '@/features/contact/components/contact-form';
import { ContactWays } from '@/features/contact/components/contact-ways';

/**
 * /contact: tap-to-call and WhatsApp to a person (issue #32), or a message to the team (issue #5) that lands in the
 * back office's /boss/contacts.
 */
export function Component() {
  return (
    <section className="page page--narrow" aria-labelledby="page-heading">
      <h1 id="page-heading">Contact us</h1>
      <p className="page__lead">
        A question about your account, a deposit, a withdrawal or a draw? Call or WhatsApp a person, or send us a
        message and we will reply by email.
      </p>
      <ContactWays />
      <p>
        Quick answers are in the <Link to={paths.faqs.getHref()}>FAQs</Link>. If gambling is becoming a problem, help
        is on our <Link to={paths.responsibleGaming.getHref()}>responsible gaming</Link> page.
      </p>
      <div className="card">
        <ContactForm />
      </div>
    </section>
  );
}
