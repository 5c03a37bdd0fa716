import { Link } from 'react-router';
import { GetHelp } from './responsible-gaming/get-help';
import { Tools } from './responsible-gaming/tools';

export default function ResponsibleGamingPage() {
  return (
    <article className="prose">
      <h1>Responsible gaming</h1>
      <p className="lead">
        Lotto is a game of chance. Played for fun, with money you can spare, it can be a small joy. This page
        explains how to keep it that way, the tools we give you, and where to find help.
      </p>

      <section aria-labelledby="adults">
        <h2 id="adults">18+ only</h2>
        <p>
          You must be 18 or older to open an account or play. We check your date of birth at sign-up and may
          ask for proof of age at any time. If we find an account belongs to someone under 18, we close it.
          Parents and guardians: keep your passwords private and lock phones that children use.
        </p>
      </section>

      <section aria-labelledby="fun">
        <h2 id="fun">Keeping it fun</h2>
        <ul>
          <li>Decide how much you can spend before you play, and stop when it is gone.</li>
          <li>Treat what you spend as the price of entertainment, not an investment.</li>
          <li>Never chase losses: staking more to win back what you lost usually means losing more.</li>
          <li>Never borrow, or use money meant for rent, school fees, food or bills, to play.</li>
          <li>Don&rsquo;t play when you are upset, stressed, or have been drinking.</li>
          <li>Balance lotto with other things you enjoy, and take regular breaks.</li>
          <li>
            Remember that every draw is independent. No number is &ldquo;due&rdquo;, and no system can predict
            the result.
          </li>
        </ul>
      </section>

      <section aria-labelledby="signs">
        <h2 id="signs">Signs that gambling may be becoming a problem</h2>
        <p>Ask yourself honestly. Do you:</p>
        <ul>
          <li>spend more money or time on gambling than you meant to?</li>
          <li>need to stake more and more to get the same excitement?</li>
          <li>chase losses, or feel you must win back what you lost?</li>
          <li>borrow money, sell things, or skip bills to gamble?</li>
          <li>hide your gambling from family or friends, or lie about it?</li>
          <li>feel anxious, irritable or low when you are not gambling, or when you try to cut down?</li>
          <li>gamble to escape problems or difficult feelings?</li>
          <li>have arguments at home, or problems at work or school, because of gambling?</li>
        </ul>
        <p>
          If you answered yes to any of these, please consider setting a limit or taking a break using the
          tools below, and talk to someone. Help is available.
        </p>
      </section>

      <Tools />

      <section aria-labelledby="our-part">
        <h2 id="our-part">What we do</h2>
        <ul>
          <li>We never lend you money to play: your balance can never go below zero.</li>
          <li>
            Your limits, time-outs and exclusions are enforced by our servers, not just hidden in the app.
          </li>
          <li>Withdrawals are always open to you, even during a time-out or self-exclusion.</li>
          <li>The 18+ mark is shown on every page.</li>
        </ul>
      </section>

      <GetHelp />

      <p className="muted">
        See also our <Link to="/terms-conditions">Terms and conditions</Link> and <Link to="/faqs">FAQs</Link>
        .
      </p>
    </article>
  );
}
