import { Link } from 'react-router';
import { AccountFaqs } from './faqs/account';
import { MoneyFaqs } from './faqs/money';
import { PlayingFaqs } from './faqs/playing';
import { SafetyFaqs } from './faqs/safety';

export default function FaqsPage() {
  return (
    <article className="prose">
      <h1>Frequently asked questions</h1>
      <p className="lead">
        Quick answers about your account, your money, the draws and safer play. Tap a question to see the
        answer.
      </p>

      <AccountFaqs />
      <MoneyFaqs />
      <PlayingFaqs />
      <SafetyFaqs />

      <section aria-labelledby="faq-more">
        <h2 id="faq-more">Didn&rsquo;t find your answer?</h2>
        <p>
          See <Link to="/how-to-play">How to play</Link> and the full{' '}
          <Link to="/lottery-rules">Lottery rules</Link>, or <Link to="/contact">send us a message</Link>.
        </p>
      </section>
    </article>
  );
}
