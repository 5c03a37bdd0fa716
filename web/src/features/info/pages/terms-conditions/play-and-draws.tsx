import { Link } from 'react-router';

/** Sections 7–10: tickets, draws and results, winnings, responsible gaming. */
export function PlayAndDrawsTerms() {
  return (
    <>
      <section aria-labelledby="t7">
        <h2 id="t7">7. Tickets</h2>
        <p>
          <strong>7.1</strong> To buy a ticket you choose a draw, a bet type, your numbers and a stake per
          line. The ticket total (stake per line × number of lines) is taken from your wallet. A ticket is
          bought when we confirm it, and it then appears in My lottery.
        </p>
        <p>
          <strong>7.2</strong> A ticket is only in a draw if we confirm it before that draw&rsquo;s sales
          close. A purchase that reaches us after sales close is refused, and nothing is taken from your
          wallet.
        </p>
        <p>
          <strong>7.3</strong> The bet types, stake limits, multipliers and payout cap are set out in the{' '}
          <Link to="/lottery-rules">Lottery rules</Link> and on each game&rsquo;s page, and are shown before
          you buy.
        </p>
        <p>
          <strong>7.4</strong> A ticket cannot be cancelled or changed once bought, except that every ticket
          in a cancelled draw is refunded in full.
        </p>
        <p>
          <strong>7.5</strong> Each purchase is processed once. If your connection fails during a purchase, it
          either completes once or not at all.
        </p>
        <p>
          <strong>7.6</strong> Our record of your ticket (its draw, bet type, numbers, stake and the time we
          accepted it) is the official record of your ticket.
        </p>
      </section>

      <section aria-labelledby="t8">
        <h2 id="t8">8. Draws and results</h2>
        <p>
          <strong>8.1</strong> Draw times are published on each game&rsquo;s page in West Africa Time (WAT).
          Draws are made by the provably fair method described in the Lottery rules: the commitment to each
          draw&rsquo;s seed is published when sales open, before any ticket is sold, and the seed is revealed
          after the draw so that anyone can check the result.
        </p>
        <p>
          <strong>8.2</strong> The official result of a draw is its five winning numbers as published with the
          revealed seed. The five machine numbers are published for information only; no ticket is settled on
          them.
        </p>
        <p>
          <strong>8.3</strong> If our service is interrupted at draw time, the draw takes place as soon as the
          service is restored. Because the result comes from the seed committed before any ticket was sold,
          the delay does not change it.
        </p>
        <p>
          <strong>8.4</strong> We may cancel a draw, for example if a fault means it cannot be made fairly, or
          if a regulator or the law requires it. Every ticket in a cancelled draw is refunded in full to the
          player&rsquo;s wallet.
        </p>
        <p>
          <strong>8.5</strong> If a published result ever fails verification against its commitment, we will
          investigate and tell affected players. Tickets will be settled on the numbers that the committed
          seed produces under the method in the Lottery rules; if that is not possible, the draw will be
          cancelled and every ticket refunded in full.
        </p>
      </section>

      <section aria-labelledby="t9">
        <h2 id="t9">9. Winnings</h2>
        <p>
          <strong>9.1</strong> A ticket&rsquo;s win is the number of winning lines × the stake per line × the
          multiplier for its bet type, as set out in the Lottery rules and on the game&rsquo;s page.
        </p>
        <p>
          <strong>9.2</strong> No ticket pays more than the game&rsquo;s payout cap, which is shown before you
          buy. If a ticket&rsquo;s win works out higher, the cap is paid.
        </p>
        <p>
          <strong>9.3</strong> Winnings are credited to your wallet automatically when the draw is settled.
          Each ticket is settled once. You do not need to claim.
        </p>
        <p>
          <strong>9.4</strong> If a win is credited in error, we may correct it as described in clause 4.4. If
          a win you were due was not credited, we will credit it as soon as we find out.
        </p>
        <p>
          <strong>9.5</strong> We do not give tax advice. If the law requires us to deduct tax from winnings
          or to report them, we will do so, and any deduction will be shown in your transactions.
        </p>
      </section>

      <section aria-labelledby="t10">
        <h2 id="t10">10. Responsible gaming</h2>
        <p>
          <strong>10.1</strong> You can set daily, weekly and monthly deposit limits. A lower limit applies at
          once; a higher limit, or removing one, applies after 24 hours.
        </p>
        <p>
          <strong>10.2</strong> You can take a time-out of 24 hours, 7 days or 30 days, or exclude yourself
          for 6 months, 1 year or 5 years. Both start at once and cannot be shortened or undone early. While
          they last you cannot buy tickets or deposit, but you can withdraw your balance.
        </p>
        <p>
          <strong>10.3</strong> You must not open or use another account to get around a limit, time-out or
          self-exclusion. We will close any account opened for that purpose.
        </p>
        <p>
          <strong>10.4</strong> If we have reason to believe your gambling is harming you, we may contact you
          and may limit or suspend your account. More help is on our{' '}
          <Link to="/responsible-gaming">Responsible gaming</Link> page.
        </p>
      </section>
    </>
  );
}
