import { Link } from 'react-router';
import { AccountAndMoneyTerms } from './terms-conditions/account-and-money';
import { ConductAndLegalTerms } from './terms-conditions/conduct-and-legal';
import { PlayAndDrawsTerms } from './terms-conditions/play-and-draws';

export default function TermsConditionsPage() {
  return (
    <article className="prose">
      <h1>Terms and conditions</h1>
      <p className="muted">
        Last updated <time dateTime="2026-11-22">22 Nov 2026</time>
      </p>
      <p className="lead">
        These terms set out the agreement between you and Ayo Lotto. We have written them in plain English.
        Please read them before you play, and keep a copy for your records.
      </p>
      <div className="callout">
        <p>The main points:</p>
        <ul>
          <li>You must be 18 or older, and may have one account.</li>
          <li>
            Tickets cannot be cancelled once bought; every ticket in a cancelled draw is refunded in full.
          </li>
          <li>
            Draws are provably fair, and winnings are credited automatically, up to each game&rsquo;s payout
            cap.
          </li>
          <li>Withdrawals go only to a bank account in your name, and are always open to you.</li>
          <li>Time-outs and self-exclusions start at once and cannot be undone early.</li>
        </ul>
      </div>

      <nav aria-label="Sections">
        <ol>
          <li>
            <a href="#t1">About these terms</a>
          </li>
          <li>
            <a href="#t2">Who can play</a>
          </li>
          <li>
            <a href="#t3">Your account</a>
          </li>
          <li>
            <a href="#t4">Your wallet</a>
          </li>
          <li>
            <a href="#t5">Deposits</a>
          </li>
          <li>
            <a href="#t6">Withdrawals</a>
          </li>
          <li>
            <a href="#t7">Tickets</a>
          </li>
          <li>
            <a href="#t8">Draws and results</a>
          </li>
          <li>
            <a href="#t9">Winnings</a>
          </li>
          <li>
            <a href="#t10">Responsible gaming</a>
          </li>
          <li>
            <a href="#t11">Fair play</a>
          </li>
          <li>
            <a href="#t12">Suspending and closing accounts</a>
          </li>
          <li>
            <a href="#t13">Your personal data</a>
          </li>
          <li>
            <a href="#t14">Our name and content</a>
          </li>
          <li>
            <a href="#t15">Availability of the service</a>
          </li>
          <li>
            <a href="#t16">Our responsibility to you</a>
          </li>
          <li>
            <a href="#t17">Changes to these terms</a>
          </li>
          <li>
            <a href="#t18">Complaints, disputes and the law that applies</a>
          </li>
        </ol>
      </nav>

      <AccountAndMoneyTerms />
      <PlayAndDrawsTerms />
      <ConductAndLegalTerms />

      <section aria-labelledby="t-contact">
        <h2 id="t-contact">Contact us</h2>
        <p>
          Questions about these terms are welcome through our <Link to="/contact">Contact page</Link>.
        </p>
      </section>
    </article>
  );
}
