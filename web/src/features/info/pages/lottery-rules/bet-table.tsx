import { type LottoRules } from '@/lotto';
import { formatCount } from '@/lib/format';
import './bet-table.css';

const PAYS = 'Pays (× stake per line)';

/**
 * The bet types and their multipliers, rendered from the rule set so live values can replace the defaults. On a
 * phone each bet is a card of its own labelled rows (bet-table.css): a five-column table scrolled sideways hid what
 * a bet pays, the column a player reads it for. The explicit roles keep it a table to screen readers either way.
 */
export function BetTable({ rules }: { rules: LottoRules }) {
  return (
    <section aria-labelledby="bet-types">
      <h2 id="bet-types">Bet types</h2>
      <p>
        Every ticket is made of one or more <strong>lines</strong>. A line is a group of numbers that wins or
        loses on its own. Your stake is <strong>per line</strong>, so a ticket costs the stake per line
        multiplied by the number of lines.
      </p>
      <div className="table-wrap bet-table">
        <table role="table">
          <caption>Bet types, how many lines each makes, when a line wins, and what it pays</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">Bet</th>
              <th role="columnheader" scope="col">You pick</th>
              <th role="columnheader" scope="col">Lines</th>
              <th role="columnheader" scope="col">A line wins when</th>
              <th role="columnheader" scope="col">{PAYS}</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rules.bets.map((bet) => (
              <tr role="row" key={bet.code}>
                <th role="rowheader" scope="row">
                  {bet.name}
                </th>
                <td role="cell" data-label="You pick">
                  {bet.picks}
                </td>
                <td role="cell" data-label="Lines">
                  {bet.linesFormula}
                </td>
                <td role="cell" data-label="A line wins when">
                  {bet.winCondition}
                </td>
                <td role="cell" data-label={PAYS} className="bet-table__pays">
                  {formatCount(bet.multiplier)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        C(n, k) means &ldquo;the number of ways to choose k numbers from n&rdquo;. For example, C(5, 3) = 10
        and C(4, 3) = 4.
      </p>

      <h3>NAP (direct)</h3>
      <p>
        NAP 1 to NAP 5 are single-line bets.{' '}
        <strong>NAP 1 wins only if your number is the first ball drawn</strong>. NAP 2 to NAP 5 win if all
        your numbers are among the five winning numbers, in any order. If even one of your numbers is missing,
        the line loses.
      </p>

      <h3>PERM (permutation)</h3>
      <p>
        A PERM lets you pick more numbers than the bet needs and plays every possible group. PERM 3 with five
        numbers plays all C(5, 3) = 10 groups of three. You win on every group whose numbers are all drawn, so
        if m of your numbers are drawn, C(m, k) lines win. A PERM line always pays at the same rate as the NAP
        of the same size.
      </p>

      <h3>1 Banker</h3>
      <p>
        You pick one number, the banker. The ticket pairs it with each of the other 89 numbers, so it has 89
        lines. If the banker is drawn, the four lines that pair it with the other four winning numbers win. If
        the banker is not drawn, no line wins. Each line is a pair, so it pays at the NAP 2 rate.
      </p>

      <h3>Against</h3>
      <p>
        You pick a TOP group and a BOTTOM group, with no number in both. Each TOP number is paired with each
        BOTTOM number, so 2 TOP numbers against 3 BOTTOM numbers make 2 × 3 = 6 lines. The lines that win are
        (TOP numbers drawn) × (BOTTOM numbers drawn). Each group needs at least one number and the ticket at
        least two lines. Each line is a pair, so it pays at the NAP 2 rate.
      </p>
    </section>
  );
}
