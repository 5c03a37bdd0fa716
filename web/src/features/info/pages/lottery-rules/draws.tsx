/** Games, draw times, draw states, cancelled draws and machine numbers. */
export function Draws() {
  return (
    <section aria-labelledby="draws">
      <h2 id="draws">Games and draws</h2>
      <p>
        A game is a named lotto with its own draw schedule, stake limits and multipliers. Some games draw on
        set days and times each week, for example every Tuesday at 7:15 pm; others draw every few minutes. All
        times are West Africa Time (WAT, Lagos time).
      </p>
      <p>Every draw has three times, shown on the game page:</p>
      <ul>
        <li>
          <strong>Sales open</strong>: you can buy tickets from this time.
        </li>
        <li>
          <strong>Sales close</strong>: the last moment to buy. A ticket is only in the draw if your purchase
          is confirmed before sales close. The countdown on the home page counts down to this time for the
          next draw.
        </li>
        <li>
          <strong>Draw time</strong>: when the balls are drawn.
        </li>
      </ul>

      <div className="table-wrap">
        <table>
          <caption>The stages of a draw</caption>
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">What it means</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Scheduled</th>
              <td>The draw is on the calendar. Sales have not opened yet.</td>
            </tr>
            <tr>
              <th scope="row">Open</th>
              <td>Sales are open. The draw&rsquo;s commitment (see below) is already published.</td>
            </tr>
            <tr>
              <th scope="row">Closed</th>
              <td>
                Sales have stopped. No ticket can be bought, changed or cancelled. The tickets root (on older
                draws, the tickets hash) is published, and your ticket&rsquo;s receipt is ready.
              </td>
            </tr>
            <tr>
              <th scope="row">Drawn</th>
              <td>
                The five winning numbers and the five machine numbers are out, and the seed (and the
                witness&rsquo;s secret) are revealed.
              </td>
            </tr>
            <tr>
              <th scope="row">Settled</th>
              <td>Every ticket has been checked and every win credited to the winner&rsquo;s wallet.</td>
            </tr>
            <tr>
              <th scope="row">Cancelled</th>
              <td>The draw will not take place. Every ticket is refunded in full.</td>
            </tr>
          </tbody>
        </table>
      </div>

      <h3>Buying and cancelling tickets</h3>
      <p>
        A ticket is bought when we confirm it and take the ticket total from your wallet. If your connection
        drops while you are buying, the purchase goes through once or not at all: you are never charged twice
        for the same purchase. Check My lottery before you buy again. Once bought, a ticket cannot be
        cancelled or changed.
      </p>

      <h3>Cancelled draws</h3>
      <p>
        If a draw is cancelled, every ticket in it is refunded in full: the whole ticket total goes back to
        your wallet, and it shows as a refund in your transactions.
      </p>
      <p>
        Once the independent witness has revealed their secret, the result of a draw can be worked out, so from
        then on nobody, not even us, can cancel it: it is drawn and paid at its draw time.
      </p>

      <h3>No sale without a witness</h3>
      <p>
        A draw goes on sale only after a named independent witness has signed their commitment to it. Until
        then it is not sold, and if no witness signs before its sales would have closed, it is cancelled with
        nothing sold. The witnesses and their public keys are listed at <code>/api/v1/witnesses</code>.
      </p>
      <p>
        Some games use, instead of a witness or as well as one, the public <strong>drand</strong> randomness
        beacon (the League of Entropy&rsquo;s quicknet network). Before sales such a draw names its beacon
        round: the first round published after its sales close, so nobody, not even us, can know it while
        tickets are sold. At the draw we fetch that round and check the network&rsquo;s signature on it before
        using it.
      </p>
      <p>
        <strong>If the beacon round cannot be fetched:</strong> we keep trying, and if no round with a valid
        signature has arrived <strong>10 minutes after the draw time</strong> (the deadline is shown with the
        draw), the draw is cancelled, every ticket is refunded in full, and the draw&rsquo;s seed is published.
        Once the round is in (and, when the draw has a witness, the witness has revealed), the draw can no longer
        be cancelled.
      </p>

      <h3>If something goes wrong</h3>
      <p>
        If our service is interrupted at draw time, the draw takes place as soon as the service is back. The
        result comes from the seed committed before any ticket was sold, so the delay cannot change it. Each
        ticket is settled exactly once: no win is paid twice, and none is missed.
      </p>

      <h3>Machine numbers</h3>
      <p>
        After the five winning numbers, five more numbers are drawn: the <strong>machine numbers</strong>.
        Many players follow them when choosing numbers for later draws, so we show them with every result. A
        machine number can be the same as a winning number. Machine numbers do not count for any bet: a ticket
        wins or loses on the five winning numbers only.
      </p>

      <h3>Settlement</h3>
      <p>
        Winnings are credited to your wallet automatically once the draw is settled. You do not need to claim
        them. You can see each ticket&rsquo;s result in My lottery and each credit in your transactions.
      </p>
    </section>
  );
}
