import { Link } from 'react-router';
import { Faq } from './faq';

export function SafetyFaqs() {
  return (
    <section aria-labelledby="faq-safety">
      <h2 id="faq-safety">Safer play, legal questions and contact</h2>

      <Faq question="How do I take a break or exclude myself?">
        <p>
          On your <Link to="/user/profile">profile page</Link> you can take a time-out of 24 hours, 7 days or
          30 days, or exclude yourself for 6 months, 1 year or 5 years. Either starts at once and cannot be
          undone early. While it lasts you cannot buy tickets or deposit, but you can still withdraw your
          balance. You can also set daily, weekly and monthly deposit limits. Read more on our{' '}
          <Link to="/responsible-gaming">Responsible gaming</Link> page.
        </p>
      </Faq>

      <Faq question="Is Ayo Lotto legal? Who can play?">
        <p>
          You must be 18 or older to play, and we may ask for proof of age. In Nigeria, lotteries are
          regulated by the National Lottery Regulatory Commission and by state lottery and gaming regulators.
          Our current licensing status is set out on our <Link to="/about">About page</Link>; once a licence
          is granted, its number will be shown there so you can check it with the regulator.
        </p>
      </Faq>

      <Faq question="Do I have to pay tax on my winnings?">
        <p>
          If your state requires it, we keep the tax back from your win and pay it to the state for you: you do
          not pay it yourself. Lagos State withholds 5 % of what you won above your stake.
        </p>
        <p data-testid="faq-tax-example">
          For example, a NAP 2 ticket for ₦100 that wins ₦24,000 has won ₦23,900 above its stake: 5 % of that,
          ₦1,195, is withheld, and ₦22,805 is paid into your wallet. The bet slip shows what you would take home
          before you buy, each winning ticket shows the tax kept, and your yearly tax statement lists it all.
        </p>
        <p>
          Tax rules can change and can depend on your own circumstances, so we cannot give tax advice. For advice
          about your own situation, please speak to a tax adviser or the relevant tax authority.
        </p>
      </Faq>

      <Faq question="How do I contact you?">
        <p>
          Use the form on our <Link to="/contact">Contact page</Link>. Tell us the email address on your
          account and, if your question is about a payment, ticket or draw, its reference or date. For your
          security, never send us your password or a one-time code.
        </p>
      </Faq>
    </section>
  );
}
