import { type LottoRules } from '@/lotto';
import { formatNaira } from '@/lib/format';
import { WithholdingTaxExplained } from '@/features/info/components/withholding-tax';

/** Stake limits, how a win is worked out, and the payout cap. */
export function StakesAndPayouts({ rules }: { rules: LottoRules }) {
  const { limits, permMax } = rules;
  return (
    <section aria-labelledby="stakes">
      <h2 id="stakes">Stakes, winnings and the payout cap</h2>

      <h3>Choosing numbers</h3>
      <ul>
        <li>Numbers run from 1 to 90, and every number on a ticket must be different.</li>
        <li>
          The most numbers you can pick for a PERM are {permMax.PERM2} for PERM 2, {permMax.PERM3} for PERM 3,{' '}
          {permMax.PERM4} for PERM 4 and {permMax.PERM5} for PERM 5.
        </li>
        <li>You can choose your own numbers or use Quick pick, which picks random numbers for you.</li>
      </ul>

      <div className="table-wrap">
        <table>
          <caption>Stake limits (the game page shows the limits that apply to each game)</caption>
          <thead>
            <tr>
              <th scope="col">Limit</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Smallest stake on a NAP ticket</th>
              <td>{formatNaira(limits.nap_min_stake)}</td>
            </tr>
            <tr>
              <th scope="row">Smallest stake per line on PERM, 1 Banker and Against</th>
              <td>{formatNaira(limits.min_stake_per_line)}</td>
            </tr>
            <tr>
              <th scope="row">Smallest total for a PERM, 1 Banker or Against ticket</th>
              <td>{formatNaira(limits.min_ticket_total)}</td>
            </tr>
            <tr>
              <th scope="row">Largest total for any ticket</th>
              <td>{formatNaira(limits.max_ticket_total)}</td>
            </tr>
            <tr>
              <th scope="row">Most one ticket can pay (payout cap)</th>
              <td>{formatNaira(limits.payout_cap)}</td>
            </tr>
          </tbody>
        </table>
      </div>

      <h3>How a win is worked out</h3>
      <p className="callout">
        <strong>Win = lines won × stake per line × multiplier.</strong>
      </p>
      <p>
        The ticket total is your stake per line × the number of lines. It is taken from your wallet when you
        buy. Your stake is not added back on top of a win: the win is the full amount credited.
      </p>

      <WithholdingTaxExplained />

      <h3>Payout cap</h3>
      <p>
        Each game has a cap on what one ticket can pay, {formatNaira(limits.payout_cap)} unless the game says
        otherwise. The cap is shown before you buy. If a ticket&rsquo;s win works out higher than the cap, the
        cap is paid. If you want to avoid the cap, keep each ticket&rsquo;s largest possible win below it.
      </p>

      <h3>Multipliers can differ between games</h3>
      <p>
        Each game sets its own multipliers, stake limits and payout cap. The figures on this page are those of
        the game chosen under &ldquo;Each game&rsquo;s rates and limits&rdquo;, and a game&rsquo;s page always
        shows the ones that apply to it before you buy.
      </p>
    </section>
  );
}
