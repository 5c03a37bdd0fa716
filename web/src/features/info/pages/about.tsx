import { Link } from 'react-router';
import { formatPhone, useOperator } from '@/lib/operator';

export default function AboutPage() {
  const { data: operator, isPending } = useOperator();
  return (
    <article className="prose">
      <h1>About Ayo Lotto</h1>
      <p className="lead">
        &ldquo;Ayo&rdquo; means joy in Yoruba. Ayo Lotto is an online home for the 5/90 lotto Nigerians know
        and love, built so that every draw can be checked, every kobo is accounted for, and playing stays fun.
      </p>

      <section aria-labelledby="who-we-are">
        <h2 id="who-we-are">Who we are</h2>
        <p>
          We are a team building a lotto service for players in Nigeria. You can play familiar 5/90 games with
          all the usual bets (NAP, PERM, 1 Banker and Against), fund your wallet in naira, watch the draws
          live on your phone, and have winnings paid into your wallet automatically.
        </p>
        <p>
          We designed Ayo Lotto for the phones most of our players use: pages are kept light so they load on
          3G and 4G, and everything fits a small screen.
        </p>
      </section>

      <section aria-labelledby="fair">
        <h2 id="fair">Our promise: draws you can check yourself</h2>
        <p>
          Every Ayo Lotto draw is <strong>provably fair</strong>. You don&rsquo;t have to take our word for
          it:
        </p>
        <ol>
          <li>
            <strong>Before any ticket is sold</strong>, we lock in the draw&rsquo;s secret seed by publishing
            a fingerprint of it, called the commitment. From then on, the seed cannot be changed without
            everyone seeing.
          </li>
          <li>
            <strong>When sales close</strong>, we publish a fingerprint of the list of tickets in the draw.
          </li>
          <li>
            <strong>After the draw</strong>, we reveal the seed. Anyone can check it against the commitment
            and recompute the winning numbers, using the Verify panel on each result.
          </li>
        </ol>
        <p>
          The full method is on the <Link to="/lottery-rules">Lottery rules</Link> page.
        </p>
      </section>

      <section aria-labelledby="money">
        <h2 id="money">How we look after your money</h2>
        <ul>
          <li>
            <strong>Exact to the kobo.</strong> Every amount is stored as a whole number of kobo, so no amount
            is ever rounded.
          </li>
          <li>
            <strong>Every change is recorded.</strong> Each deposit, stake, win, refund and withdrawal is a
            line in your account&rsquo;s ledger, written together with your new balance. Your balance is
            always the sum of those lines, and you can see and download every one on your Transactions page.
          </li>
          <li>
            <strong>No double charges.</strong> If your network drops in the middle of a purchase or payment,
            it goes through once or not at all.
          </li>
          <li>
            <strong>Your balance never goes below zero</strong>, and withdrawals go only to the bank account
            you have saved. When you save it, we look up the account name from your bank and show it to you,
            so money does not go to the wrong person.
          </li>
          <li>
            <strong>Card details stay with the payment partner.</strong> Deposits are paid on our payment
            partner&rsquo;s secure checkout page; we never see or store your full card number.
          </li>
        </ul>
      </section>

      <section aria-labelledby="adults">
        <h2 id="adults">18+ only, and playing responsibly</h2>
        <p>
          Ayo Lotto is for adults aged 18 and over. We check your date of birth when you sign up, and we may
          ask for proof of age.
        </p>
        <p>
          Lotto should be fun, never a way to make money or pay bills. You can set daily, weekly and monthly
          deposit limits, take a time-out, or exclude yourself for months or years, all from your profile.
          Read more on our <Link to="/responsible-gaming">Responsible gaming</Link> page.
        </p>
      </section>

      <section aria-labelledby="licence">
        <h2 id="licence">Licensing and regulation</h2>
        <p>
          In Nigeria, lotteries are regulated by the National Lottery Regulatory Commission (NLRC) and by
          state lottery and gaming regulators. We are building Ayo Lotto to meet their requirements.
        </p>
        {isPending ? (
          <p aria-busy="true">Loading our licence details…</p>
        ) : operator?.licensed ? (
          <div className="callout" data-testid="about-licences">
            <p>
              Ayo Lotto is operated by <strong>{operator.company}</strong>
              {operator.rc_number && <>, registered with the Corporate Affairs Commission as {operator.rc_number}</>}
              {operator.address && <>, of {operator.address}</>}.
            </p>
            <ul>
              {operator.licences.map((licence) => (
                <li key={`${licence.state}-${licence.number}`}>
                  {licence.state_name}: licensed by {licence.regulator}, licence number{' '}
                  <strong>{licence.number}</strong>
                </li>
              ))}
            </ul>
            <p>You can check each licence number with the regulator that issued it.</p>
          </div>
        ) : (
          <p className="callout">
            No licence number is shown here yet. When a licence is granted, this section will name the
            authority that issued it and give the licence number, so you can check it with that regulator
            directly.
          </p>
        )}
      </section>

      <section aria-labelledby="contact">
        <h2 id="contact">Talk to us</h2>
        <p>
          Questions, complaints or ideas are always welcome.{' '}
          {operator?.support_phone && (
            <>
              Call us on <a href={`tel:${operator.support_phone}`}>{formatPhone(operator.support_phone)}</a>
              {operator.support_hours && <> ({operator.support_hours})</>}
              {operator.whatsapp_link && (
                <>
                  {' '}
                  or <a href={operator.whatsapp_link}>chat on WhatsApp</a>
                </>
              )}
              .{' '}
            </>
          )}
          Write to us through our{' '}
          <Link to="/contact">Contact page</Link>, or check the <Link to="/faqs">FAQs</Link> first: the answer
          may already be there. How we handle your data is explained in our{' '}
          <Link to="/privacy-policy">Privacy policy</Link>, and the rules of our service in our{' '}
          <Link to="/terms-conditions">Terms and conditions</Link>.
        </p>
      </section>
    </article>
  );
}
