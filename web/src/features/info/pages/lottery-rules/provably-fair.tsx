import { Link } from 'react-router';

/** How a draw is made and how anyone can check it: plain words first, then the exact method. */
export function ProvablyFair() {
  return (
    <section aria-labelledby="provably-fair">
      <h2 id="provably-fair">How the numbers are drawn, and how to check them</h2>
      <p>
        Ayo Lotto draws are <strong>provably fair</strong>. You do not have to trust us: every draw publishes
        what you need to recompute its numbers yourself.
      </p>

      <h3>In plain words</h3>
      <ol>
        <li>
          <strong>Before any ticket is sold</strong>, our server picks a secret random number for the draw,
          called the seed, and publishes its fingerprint, called the <em>commitment</em>. The fingerprint
          gives nothing away about the seed, but no other seed has the same fingerprint, so from that moment
          we cannot swap the seed.
        </li>
        <li>
          <strong>When sales close</strong>, we publish a fingerprint of the list of every ticket accepted for
          the draw, called the <em>tickets hash</em>, together with the list of ticket IDs it covers.
        </li>
        <li>
          <strong>At draw time</strong>, the balls are worked out from the seed, the draw&rsquo;s number and
          the tickets hash. Nothing else goes in, so once sales close the result is already fixed, and no
          ticket can be added or removed afterwards without changing it.
        </li>
        <li>
          <strong>After the draw</strong>, we reveal the seed. Anyone can now check that it matches the
          commitment published before any ticket was sold, and recompute the numbers.
        </li>
      </ol>
      <p>
        To check a draw, open its result and use the <strong>Verify</strong> panel. It repeats every step in
        your own browser and tells you whether the published numbers match.
      </p>

      <h3>The exact method</h3>
      <p>
        For readers who want to check a draw with their own tools, this is the algorithm, named{' '}
        <code>ayo-lotto/v1</code>. All hex is lowercase, and numbers are written in ordinary decimal digits.
      </p>
      <ol>
        <li>
          <strong>Seed.</strong> When a draw opens, the server takes 32 random bytes from the operating
          system&rsquo;s cryptographically secure random number generator. This is the seed. It stays secret
          until the draw is made, and is then published as 64 hex characters.
        </li>
        <li>
          <strong>Commitment</strong> = hex(SHA-256(seed)), published when the draw opens. The hash is of the
          32 raw seed bytes, not of the hex text.
        </li>
        <li>
          <strong>Tickets hash</strong> = hex(SHA-256(list)), published when sales close. The list is every
          accepted ticket id, in the published order, each written in decimal and followed by a line feed (for
          example <code>17\n18\n1001\n</code>). A draw with no tickets hashes the empty list, giving{' '}
          <code>e3b0c442&hellip;b855</code>.
        </li>
        <li>
          <strong>Byte stream.</strong> For a label, the stream is the 32-byte blocks HMAC-SHA256(key = seed
          bytes, message = <code>ayo-lotto/v1|label|draw id|tickets hash|counter</code>) joined end to end,
          for counter = 0, 1, 2 and so on. For example, the first block of the winning balls of draw 42 uses
          the message <code>ayo-lotto/v1|balls|42|e3b0&hellip;b855|0</code>. The winning balls use the label{' '}
          <code>balls</code>; the machine numbers use the label <code>machine</code>, a separate stream.
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
        <li>
          <strong>Check.</strong> After the draw, confirm that SHA-256 of the revealed seed equals the
          commitment, that the published ticket ids give the tickets hash, and that steps 4 to 6 give the
          published numbers.
        </li>
      </ol>
      <p className="muted">
        The Verify panel on each result runs exactly these steps in your browser. If it ever reports a
        mismatch, please tell us through the <Link to="/contact">Contact page</Link> and quote the draw.
      </p>
    </section>
  );
}
