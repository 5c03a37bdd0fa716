import { Link } from 'react-router';
import { Faq } from './faq';

export function PlayingFaqs() {
  return (
    <section aria-labelledby="faq-playing">
      <h2 id="faq-playing">Playing and draws</h2>

      <Faq question="What happens if a draw is cancelled?">
        <p>
          Every ticket in a cancelled draw is refunded in full. The whole ticket total goes back to your
          wallet automatically and shows as a refund on your Transactions page. You don&rsquo;t need to do
          anything.
        </p>
      </Faq>

      <Faq question="How can I check that a draw was fair?">
        <p>
          Open the draw&rsquo;s result and use the <strong>Verify</strong> panel. Before any ticket was sold,
          we published a fingerprint (the commitment) of the draw&rsquo;s secret seed; after the draw we
          reveal the seed. The Verify panel checks, in your own browser, that the seed matches the commitment
          and that it produces exactly the published numbers. The full method is explained in the{' '}
          <Link to="/lottery-rules">Lottery rules</Link>, so you can also check it with your own tools. Every
          past draw is in the <Link to="/results">Results</Link>, each with its Verify button.
        </p>
      </Faq>

      <Faq question="How can I check that my ticket was in the draw?">
        <p>
          Open <strong>My lottery</strong>, find the ticket and press <strong>Receipt</strong>. Once sales have
          closed, the receipt shows the ticket&rsquo;s place among all the tickets of the draw and the tickets
          root the draw published. <strong>Verify my ticket</strong> checks, in your own browser, that the
          receipt describes your ticket exactly, that it leads to that root, and, after the draw, that the balls
          follow from it.
        </p>
      </Faq>

      <Faq question="What are machine numbers?">
        <p>
          After the five winning numbers, five more numbers are drawn: the machine numbers. Many players use
          them when choosing numbers for future draws, so we show them with every result. A machine number can
          be the same as a winning number. Machine numbers do not count for any bet: your ticket wins or loses
          on the five winning numbers only.
        </p>
      </Faq>

      <Faq question="When are winnings paid? Do I need to claim them?">
        <p>
          No claim is needed. As soon as the draw is settled, winnings are credited to your wallet
          automatically. You can then play on or withdraw to your bank account.
        </p>
      </Faq>

      <Faq question="Can I cancel or change a ticket after buying it?">
        <p>
          No. Once a ticket is bought it cannot be cancelled or changed, so please check your numbers, bet
          type and stake before you tap Buy. The only time a ticket is refunded is when its draw is cancelled.
        </p>
      </Faq>

      <Faq question="I tried to buy just as sales were closing. Is my ticket in the draw?">
        <p>
          Only tickets confirmed before sales close are in the draw. If your ticket appears in{' '}
          <strong>My lottery</strong>, it is in. If the purchase was refused because sales had closed, no
          money was taken from your wallet.
        </p>
      </Faq>
    </section>
  );
}
