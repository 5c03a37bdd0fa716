import { Link } from 'react-router';

/** Sections 10–14: your rights, children, automated decisions, changes, contact and complaints. */
export function YourRights() {
  return (
    <>
      <section aria-labelledby="p10">
        <h2 id="p10">10. Your rights</h2>
        <p>
          <strong>10.1</strong> Under the NDPA you have the right to:
        </p>
        <ul>
          <li>be told how your data is used (this policy);</li>
          <li>get a copy of the personal data we hold about you;</li>
          <li>have inaccurate or incomplete data corrected;</li>
          <li>have your data deleted, where we no longer have a reason to keep it;</li>
          <li>
            ask us to restrict how we use your data, or object to our using it on the basis of our legitimate
            interests;
          </li>
          <li>
            receive the data you gave us in a common, machine-readable format, and have it sent to another
            organisation;
          </li>
          <li>withdraw your consent at any time, where we rely on consent; and</li>
          <li>
            not be subject to a decision based only on automated processing that significantly affects you
            (see section 12).
          </li>
        </ul>
        <p>
          <strong>10.2</strong> Much of this is self-service: your profile shows your account details, and
          your Transactions page shows your history for at least the last 12 months, which you can download as
          a CSV file. For anything else, write to us through the <Link to="/contact">Contact page</Link> with
          &ldquo;Privacy&rdquo; as the subject. We may ask you to confirm your identity first. We will answer
          without undue delay and within one month, and there is normally no charge.
        </p>
        <p>
          <strong>10.3</strong> Some rights have limits. For example, we cannot delete transaction records or
          a self-exclusion while the law or our responsible gaming duties require us to keep them; if that is
          the case, we will tell you.
        </p>
      </section>

      <section aria-labelledby="p11">
        <h2 id="p11">11. Children</h2>
        <p>
          <strong>11.1</strong> Ayo Lotto is only for people aged 18 and over, and we do not knowingly collect
          data about anyone younger. If we learn that an account belongs to someone under 18, we close it and
          deal with the data as the law requires.
        </p>
      </section>

      <section aria-labelledby="p12">
        <h2 id="p12">12. Automatic decisions</h2>
        <p>
          <strong>12.1</strong> Some decisions are made automatically because they follow fixed rules: sign-up
          is refused if the date of birth shows you are under 18; a deposit is refused if it is outside the
          allowed amounts or over a limit you set; tickets and deposits are refused during a time-out or
          self-exclusion; and repeated failed logins are temporarily blocked. If you think one of these
          decisions is wrong, you can ask for a person to review it.
        </p>
      </section>

      <section aria-labelledby="p13">
        <h2 id="p13">13. Changes to this policy</h2>
        <p>
          <strong>13.1</strong> We may update this policy. The date at the top shows when it last changed. If
          we make an important change, we will tell you by email or on the site before it takes effect.
        </p>
      </section>

      <section aria-labelledby="p14">
        <h2 id="p14">14. Contact and complaints</h2>
        <p>
          <strong>14.1</strong> Write to us through the <Link to="/contact">Contact page</Link> with
          &ldquo;Privacy&rdquo; as the subject.
        </p>
        <p>
          <strong>14.2</strong> If you are not happy with how we have handled your data or your request, you
          have the right to complain to the Nigeria Data Protection Commission. We would appreciate the chance
          to put things right first.
        </p>
      </section>
    </>
  );
}
