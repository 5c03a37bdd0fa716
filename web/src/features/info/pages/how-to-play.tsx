import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type LottoRules, defaultLottoRules } from '@/lotto';
import { JourneyExample } from './how-to-play/journey-example';
import { Steps } from './how-to-play/steps';
import { WorkedExamples } from './lottery-rules/worked-examples';

type Props = {
  /** The chosen game's rule set (GET /games); the standard defaults until it arrives. */
  rules?: LottoRules;
  /** "Each game's rates and limits": the game picker and its figures (the page's figures follow it). */
  gameRates?: ReactNode;
};

export default function HowToPlayPage({ rules = defaultLottoRules, gameRates }: Props) {
  return (
    <article className="prose">
      <h1>How to play</h1>
      <p className="lead">
        Ayo Lotto is a 5/90 lotto: five winning numbers are drawn from 1 to 90, and you win when your numbers
        come up. Here is everything you need, from signing up to getting your winnings into your bank account.
      </p>
      <p className="callout">
        You must be 18 or older to play. Only stake money you can afford to lose, and see our{' '}
        <Link to="/responsible-gaming">responsible gaming tools</Link> if you would like to set limits.
      </p>

      {gameRates}
      <Steps rules={rules} />
      <JourneyExample rules={rules} />
      <WorkedExamples
        rules={rules}
        only={['nap1-win', 'nap2', 'perm3-three', 'perm3-four', 'banker', 'against']}
        headingId="more-examples"
      />

      <section aria-labelledby="tips">
        <h2 id="tips">Good to know</h2>
        <ul>
          <li>Check the sales closing time on the game page. A ticket must be bought before sales close.</li>
          <li>
            Multipliers, stake limits and the payout cap can differ from game to game; the game page always
            shows the ones that apply.
          </li>
          <li>Machine numbers are shown with every result, but no bet is settled on them.</li>
          <li>If a draw is cancelled, every ticket in it is refunded in full.</li>
          <li>
            Your Transactions page shows at least the last 12 months of deposits, stakes, wins and
            withdrawals, and you can download it as a CSV file.
          </li>
        </ul>
        <p>
          Still have a question? Read the <Link to="/faqs">FAQs</Link>, the full{' '}
          <Link to="/lottery-rules">Lottery rules</Link>, or <Link to="/contact">contact us</Link>.
        </p>
      </section>
    </article>
  );
}
