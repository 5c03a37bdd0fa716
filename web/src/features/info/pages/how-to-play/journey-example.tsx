import { formatCount, formatNaira } from '@/lib/format';
import { EXAMPLE_DRAW, betOf, listNumbers, settle, type LottoRules } from '@/lotto';

const DEPOSIT_KOBO = 200_000;
const STAKE_PER_LINE_KOBO = 1_000;
const PICKS = [5, 27, 41, 63, 77];

/** One player's whole journey in naira, computed from the rule set so the amounts are always right. */
export function JourneyExample({ rules }: { rules: LottoRules }) {
  const result = settle(betOf('PERM3', PICKS), STAKE_PER_LINE_KOBO, EXAMPLE_DRAW.winning, rules);
  const afterTicket = DEPOSIT_KOBO - result.totalStakeKobo;
  const afterWin = afterTicket + result.paidKobo;
  // Withdraw a round amount and keep the rest to play with.
  const withdrawal = Math.floor(afterWin / 1_000_000) * 1_000_000;
  const showWithdrawal = withdrawal >= 100_000;
  return (
    <section aria-labelledby="journey">
      <h2 id="journey">A full example: from deposit to bank account</h2>
      <ol>
        <li>
          Amaka deposits <strong>{formatNaira(DEPOSIT_KOBO)}</strong>. Her balance is{' '}
          {formatNaira(DEPOSIT_KOBO)}.
        </li>
        <li>
          She opens the next draw of a game and chooses <strong>PERM 3</strong> with five numbers:{' '}
          {listNumbers(PICKS)}. Five numbers make {result.lines} lines of three.
        </li>
        <li>
          She stakes {formatNaira(STAKE_PER_LINE_KOBO)} per line, so the ticket costs {result.lines} ×{' '}
          {formatNaira(STAKE_PER_LINE_KOBO)} = <strong>{formatNaira(result.totalStakeKobo)}</strong>. Her
          balance is now {formatNaira(afterTicket)}.
        </li>
        <li>
          The winning numbers are {listNumbers(EXAMPLE_DRAW.winning)}. Four of her numbers are drawn (5, 27,
          41 and 63), so {result.linesWon} lines win: {result.linesWon} × {formatNaira(STAKE_PER_LINE_KOBO)} ×{' '}
          {formatCount(result.multiplier)} = <strong>{formatNaira(result.paidKobo)}</strong>.
        </li>
        <li>
          When the draw is settled, {formatNaira(result.paidKobo)} is credited automatically. Her balance is{' '}
          {formatNaira(afterWin)}.
        </li>
        {showWithdrawal && (
          <li>
            She withdraws {formatNaira(withdrawal)} to her saved bank account and keeps{' '}
            {formatNaira(afterWin - withdrawal)} in her wallet.
          </li>
        )}
      </ol>
    </section>
  );
}
