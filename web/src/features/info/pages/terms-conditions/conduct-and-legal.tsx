import { Link } from 'react-router';

/** Sections 11–18: fair play, closing accounts, privacy, ownership, availability, liability, changes, complaints. */
export function ConductAndLegalTerms() {
  return (
    <>
      <section aria-labelledby="t11">
        <h2 id="t11">11. Fair play</h2>
        <p>
          <strong>11.1</strong> You must not:
        </p>
        <ul>
          <li>give false details, or use another person&rsquo;s identity, card or bank account;</li>
          <li>hold more than one account, or play through someone else&rsquo;s account;</li>
          <li>work with others to cheat, or take advantage of an error or fault you know about;</li>
          <li>use bots, scripts or other automated means to use the service;</li>
          <li>try to get into, overload or interfere with our systems; or</li>
          <li>use Ayo Lotto to launder money or for any other unlawful purpose.</li>
        </ul>
        <p>
          <strong>11.2</strong> If you break clause 11.1, we may suspend or close your account, cancel
          affected tickets, and withhold or reclaim money gained through the breach. Where the law requires,
          we will report suspected crime to the authorities.
        </p>
      </section>

      <section aria-labelledby="t12">
        <h2 id="t12">12. Suspending and closing accounts</h2>
        <p>
          <strong>12.1</strong> You can close your account at any time by writing to us through the{' '}
          <Link to="/contact">Contact page</Link>. Before it closes, you can withdraw your balance; we will
          pay any remaining balance to your saved bank account, subject to clause 6.3.
        </p>
        <p>
          <strong>12.2</strong> We may suspend or close your account if you break these terms, if the law or a
          regulator requires it, or to protect you or the service, for example after a security incident. We
          will tell you why unless the law does not allow us to. Money that is lawfully yours will be returned
          to you.
        </p>
        <p>
          <strong>12.3</strong> Closing an account does not end a time-out or self-exclusion.
        </p>
      </section>

      <section aria-labelledby="t13">
        <h2 id="t13">13. Your personal data</h2>
        <p>
          <strong>13.1</strong> We handle your personal data as explained in our{' '}
          <Link to="/privacy-policy">Privacy policy</Link>, in line with the Nigeria Data Protection Act 2023.
        </p>
      </section>

      <section aria-labelledby="t14">
        <h2 id="t14">14. Our name and content</h2>
        <p>
          <strong>14.1</strong> The Ayo Lotto name and logo, and the content and software of the service,
          belong to us or to those who license them to us. You may use them only to play Ayo Lotto for
          yourself.
        </p>
      </section>

      <section aria-labelledby="t15">
        <h2 id="t15">15. Availability of the service</h2>
        <p>
          <strong>15.1</strong> We work to keep Ayo Lotto available at all times, but it may be interrupted
          for maintenance or by faults, including faults in networks, banks and payment partners that we do
          not control. We are not responsible for a ticket you were unable to buy while the service was
          unavailable. Tickets already bought are protected as described in clause 8.3.
        </p>
      </section>

      <section aria-labelledby="t16">
        <h2 id="t16">16. Our responsibility to you</h2>
        <p>
          <strong>16.1</strong> Nothing in these terms limits our liability for fraud, for death or personal
          injury caused by our negligence, or for anything else that cannot be limited under Nigerian law, and
          nothing in them takes away your rights under Nigerian consumer protection law.
        </p>
        <p>
          <strong>16.2</strong> For a ticket, the most we are responsible for is the amount that ticket should
          have paid under these terms and the Lottery rules, together with a refund of its stake where it
          should have been refunded.
        </p>
        <p>
          <strong>16.3</strong> We are not responsible for losses caused by events beyond our reasonable
          control, or by your device, network connection or failure to keep your password secret.
        </p>
      </section>

      <section aria-labelledby="t17">
        <h2 id="t17">17. Changes to these terms</h2>
        <p>
          <strong>17.1</strong> We may change these terms, for example to reflect new features, a change in
          the law or a regulator&rsquo;s requirements. The date at the top shows when they last changed.
        </p>
        <p>
          <strong>17.2</strong> If a change affects you significantly, we will tell you by email or on the
          site at least 14 days before it takes effect, unless the law or a regulator requires it sooner. If
          you do not agree with a change, you may close your account and withdraw your balance before it takes
          effect.
        </p>
      </section>

      <section aria-labelledby="t18">
        <h2 id="t18">18. Complaints, disputes and the law that applies</h2>
        <p>
          <strong>18.1</strong> If you are unhappy with anything, please tell us through the{' '}
          <Link to="/contact">Contact page</Link> with &ldquo;Complaint&rdquo; as the subject, and include any
          ticket, draw or payment reference. We will acknowledge your complaint and aim to give you a full
          answer within 14 days. If we need longer, we will tell you why.
        </p>
        <p>
          <strong>18.2</strong> If you are not satisfied with our answer, you may take your complaint to the
          regulator that licenses us, named on our About page once a licence is granted, or to the Federal
          Competition and Consumer Protection Commission. You may also go to court.
        </p>
        <p>
          <strong>18.3</strong> These terms are governed by the laws of the Federal Republic of Nigeria, and
          the courts of Nigeria have jurisdiction over any dispute about them.
        </p>
      </section>
    </>
  );
}
