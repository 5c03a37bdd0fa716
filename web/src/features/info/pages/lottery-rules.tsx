import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type LottoRules, defaultLottoRules } from '@/lotto';
import { BetTable } from './lottery-rules/bet-table';
import { Draws } from './lottery-rules/draws';
import { ProvablyFair } from './lottery-rules/provably-fair';
import { StakesAndPayouts } from './lottery-rules/stakes-and-payouts';
import { WorkedExamples } from './lottery-rules/worked-examples';

type Props = {
  /** The chosen game's rule set (GET /games); the standard defaults until it arrives. */
  rules?: LottoRules;
  /** "Each game's rates and limits": the game picker and its figures (the page's figures follow it). */
  gameRates?: ReactNode;
};

export default function LotteryRulesPage({ rules = defaultLottoRules, gameRates }: Props) {
  return (
    <article className="prose">
      <h1>Lottery rules</h1>
      <p className="lead">
        Every Ayo Lotto game is a Nigerian 5/90 lotto: five winning numbers are drawn, one after another, from
        1 to 90. These are the rules every ticket is settled on.
      </p>

      <nav aria-label="On this page">
        <ul>
          {gameRates ? (
            <li>
              <a href="#game-rates">Each game&rsquo;s rates and limits</a>
            </li>
          ) : null}
          <li>
            <a href="#bet-types">Bet types</a>
          </li>
          <li>
            <a href="#stakes">Stakes, winnings and the payout cap</a>
          </li>
          <li>
            <a href="#worked-examples">Worked examples</a>
          </li>
          <li>
            <a href="#draws">Games and draws</a>
          </li>
          <li>
            <a href="#provably-fair">How the numbers are drawn, and how to check them</a>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="the-game">
        <h2 id="the-game">The game in brief</h2>
        <ul>
          <li>
            Each draw has five winning numbers, drawn in order from 1 to 90, with no number drawn twice.
          </li>
          <li>
            Five machine numbers are also drawn and shown with the result. They do not count for any bet.
          </li>
          <li>You pick a bet type and your numbers, and set a stake per line.</li>
          <li>
            Your ticket wins on every line whose numbers match the winning numbers as the bet type says.
          </li>
          <li>Winnings are credited to your wallet automatically when the draw is settled.</li>
          <li>You must be 18 or older to play.</li>
        </ul>
      </section>

      {gameRates}
      <BetTable rules={rules} />
      <StakesAndPayouts rules={rules} />
      <WorkedExamples rules={rules} />
      <Draws />
      <ProvablyFair />

      <section aria-labelledby="more">
        <h2 id="more">More help</h2>
        <p>
          New to lotto? Start with <Link to="/how-to-play">How to play</Link>. Common questions are answered
          in the <Link to="/faqs">FAQs</Link>. Please play within your means: our{' '}
          <Link to="/responsible-gaming">responsible gaming tools</Link> let you set limits or take a break.
          These rules form part of our <Link to="/terms-conditions">Terms and conditions</Link>.
        </p>
      </section>
    </article>
  );
}
