import { Link } from 'react-router';

/** How a draw is made and how anyone can check it: plain words first, then the exact method (ayo-lotto/v2, and v1). */
export function ProvablyFair() {
  return (
    <section aria-labelledby="provably-fair">
      <h2 id="provably-fair">How the numbers are drawn, and how to check them</h2>
      <p>
        Ayo Lotto draws are <strong>provably fair</strong>. You do not have to trust us: every draw publishes
        what you need to recompute its numbers yourself, and every ticket gets a receipt that proves it was in
        the draw.
      </p>

      <h3>In plain words</h3>
      <ol>
        <li>
          <strong>Before any ticket is sold</strong>, our server picks a secret random number for the draw,
          called the seed, and publishes its fingerprint, called the <em>commitment</em>. The fingerprint
          gives nothing away about the seed, but no other seed has the same fingerprint, so from that moment
          we cannot swap the seed. An <strong>independent witness</strong>, someone other than us, does the
          same with a secret of their own when they take part in a draw.
        </li>
        <li>
          <strong>When sales close</strong>, every ticket accepted for the draw goes into a tree of
          fingerprints (a Merkle tree), and we publish its top, the <em>tickets root</em>. Change, add or
          remove one ticket and the root changes. Your ticket&rsquo;s <strong>receipt</strong> (in My lottery)
          shows where it sits in that tree and the short proof that links it to the root.
        </li>
        <li>
          <strong>After close</strong>, the witness reveals their secret. If they do not by draw time, the
          draw is cancelled and every ticket refunded, with the reason shown.
        </li>
        <li>
          <strong>At draw time</strong>, the balls are worked out from the seed, the draw&rsquo;s number, the
          tickets root and the witness&rsquo;s secret. Nothing else goes in, so neither we (who know the seed)
          nor the witness (who knows their secret) could know the balls while tickets were on sale.
        </li>
        <li>
          <strong>After the draw</strong>, we reveal the seed. Anyone can check it against the commitment
          published before any ticket was sold, and recompute the numbers.
        </li>
      </ol>
      <p>
        To check a draw, open it in the <Link to="/results">Results</Link> (or under a game) and press{' '}
        <strong>Verify</strong>. To check your own ticket, open its <strong>Receipt</strong> in My lottery and
        press <strong>Verify my ticket</strong>. Both repeat every step in your own browser.
      </p>

      <h3>The exact method</h3>
      <p>
        For readers who want to check a draw with their own tools, this is the algorithm, named{' '}
        <code>ayo-lotto/v2</code>. All hex is lowercase, and numbers are written in ordinary decimal digits.
      </p>
      <ol>
        <li>
          <strong>Seed and commitment.</strong> The seed is 32 bytes from the operating system&rsquo;s
          cryptographically secure random number generator. Commitment = hex(SHA-256(seed)), published when the
          draw opens; the hash is of the 32 raw bytes, not of the hex text.
        </li>
        <li>
          <strong>Witness.</strong> A witness commits hex(SHA-256(secret)) of a 32-byte secret before sales
          open and reveals the secret (64 hex) after close. A draw without a witness says so.
        </li>
        <li>
          <strong>Tickets root</strong>, published at close: the Merkle tree of RFC 6962 over every accepted
          ticket in ticket-number order. A leaf is SHA-256(0x00 &#8214; the ticket&rsquo;s text), a node
          SHA-256(0x01 &#8214; left &#8214; right); an unpaired last node moves up unchanged; no tickets give
          SHA-256 of nothing. A ticket&rsquo;s text is{' '}
          <code>
            ayo-lotto/v2|ticket|draw id|ticket id|player|bet type|numbers|top|bottom|stake per line|lines|total
            stake|multiplier|payout cap
          </code>
          , lists comma-separated, amounts in kobo, the player a 16-hex pseudonym. A receipt&rsquo;s proof is
          checked as RFC 9162 §2.1.3.2 says.
        </li>
        <li>
          <strong>Byte stream.</strong> For a label, the 32-byte blocks HMAC-SHA256(key = seed bytes, message ={' '}
          <code>ayo-lotto/v2|label|draw id|tickets root|witness secret|counter</code>) joined end to end, for
          counter = 0, 1, 2 and so on; with no witness the secret is left empty (
          <code>ayo-lotto/v2|balls|42|&lt;root&gt;||0</code>). The winning balls use the label{' '}
          <code>balls</code>; the machine numbers use <code>machine</code>, a separate stream.
        </li>
        <li>
          <strong>Five numbers from a stream, with rejection sampling.</strong> Read the bytes in order. A
          byte of 180 or more is thrown away; any other byte b gives the number (b mod 90) + 1. If that number
          has already been taken from this stream, skip it. Stop at five numbers. Why 180: it is the largest
          multiple of 90 that fits in a byte (0 to 255), so every number from 1 to 90 comes from exactly two
          byte values and none is more likely than another. A plain &ldquo;mod 90&rdquo; on every byte would
          favour 1 to 76.
        </li>
        <li>
          <strong>Result.</strong> The five numbers from the <code>balls</code> stream are the winning
          numbers, in the order taken (order matters, because NAP 1 is a bet on the first ball). The five from
          the <code>machine</code> stream are the machine numbers: different from each other, but one may
          match a winning number.
        </li>
      </ol>

      <h3>Older draws</h3>
      <p>
        Draws made before the tickets root and the witness arrived use <code>ayo-lotto/v1</code>: the same
        steps, but the balls come from a <em>tickets hash</em>, hex(SHA-256) of every ticket number followed by
        a line feed (<code>17\n18\n1001\n</code>), and the message is{' '}
        <code>ayo-lotto/v1|label|draw id|tickets hash|counter</code>. Their Verify panel checks them that way,
        from the published list of ticket numbers.
      </p>
      <p className="muted">
        The Verify panel and the receipt run exactly these steps in your browser. If either ever reports a
        mismatch, please tell us through the <Link to="/contact">Contact page</Link> and quote the draw.
      </p>
    </section>
  );
}
