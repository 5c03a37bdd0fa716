/**
 * Withholding tax on winnings in plain words, with a worked example (issue 32, item 2): the same paragraphs on
 * /lottery-rules, /how-to-play and in the FAQ, so the three never disagree. The figures follow the server's rule
 * (data crate `tax::withholding`): the rate of the win less the ticket's stake, rounded down to the kobo. Lagos's
 * 5 % is the rule the server starts with; the bet slip shows the rate of the player's own state.
 */
export function WithholdingTaxExplained({ headingLevel = 3 }: { headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  return (
    <>
      <Heading>Tax on winnings</Heading>
      <p>
        Some states require us to keep back <strong>withholding tax</strong> from a win and pay it to the state for
        you. Lagos State takes <strong>5 %</strong>. The tax is worked out on what you won above your stake, never on
        the stake itself, and any fraction of a kobo stays with you. A ticket that wins no more than it cost pays no
        tax.
      </p>
      <p>
        Before you buy, the bet slip shows the most a ticket can win and what you would take home after your
        state&rsquo;s tax. Every winning ticket then shows its winnings, the tax kept and what was paid to you, and
        your yearly tax statement lists them for your records.
      </p>
      <p className="callout" data-testid="tax-example">
        <strong>Example (Lagos):</strong> a NAP 2 ticket for ₦100 wins 240 × ₦100 = ₦24,000. You won ₦23,900 above
        your stake; 5 % of that is ₦1,195 withheld, so <strong>₦22,805</strong> is paid into your wallet.
      </p>
    </>
  );
}
