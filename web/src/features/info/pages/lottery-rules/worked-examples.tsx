import { formatCount, formatNaira } from '@/lib/format';
import {
  EXAMPLE_DRAW,
  WORKED_EXAMPLES,
  describeBet,
  listNumbers,
  settle,
  type LottoRules,
  type WorkedExample,
} from '@/lotto';

type Props = {
  rules: LottoRules;
  /** Which examples to show, by id; all of them when left out. */
  only?: string[];
  /** Heading id, so two pages can link to their own copy. */
  headingId?: string;
};

/**
 * Worked examples against one sample draw. Every amount is computed with the same formula the rules state
 * (win = lines won × stake per line × multiplier, capped), from the rule set passed in.
 */
export function WorkedExamples({ rules, only, headingId = 'worked-examples' }: Props) {
  // Only bets the game offers (a game may leave some out).
  const offered = (ex: WorkedExample) => rules.bets.some((bet) => bet.code === ex.bet.betType);
  const examples = (only ? WORKED_EXAMPLES.filter((ex) => only.includes(ex.id)) : WORKED_EXAMPLES).filter(offered);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Worked examples</h2>
      <div className="callout">
        <p>Every example uses the same sample draw:</p>
        <ul>
          <li>
            Winning numbers, in the order drawn: <strong>{listNumbers(EXAMPLE_DRAW.winning)}</strong>
          </li>
          <li>Machine numbers (shown, not played): {listNumbers(EXAMPLE_DRAW.machine)}</li>
        </ul>
      </div>
      {examples.map((example) => (
        <Example key={example.id} example={example} rules={rules} />
      ))}
    </section>
  );
}

function Example({ example, rules }: { example: WorkedExample; rules: LottoRules }) {
  const result = settle(example.bet, example.stakePerLineKobo, [...EXAMPLE_DRAW.winning], rules);
  const stake = formatNaira(example.stakePerLineKobo);
  const betName = rules.bets.find((bet) => bet.code === result.code)?.name ?? result.code;
  const lineWord = (n: number) => (n === 1 ? 'line' : 'lines');
  return (
    <>
      <h3>{example.title}</h3>
      <dl>
        <dt>Your ticket</dt>
        <dd>
          {betName}: {describeBet(example.bet)}, {stake} per line
        </dd>
        <dt>Ticket total</dt>
        <dd>
          {formatCount(result.lines)} {lineWord(result.lines)} × {stake} ={' '}
          {formatNaira(result.totalStakeKobo)}
        </dd>
        <dt>Result</dt>
        <dd>{example.note}</dd>
        <dt>You win</dt>
        <dd>
          {result.linesWon === 0 ? (
            <>Nothing: no line wins, so the {formatNaira(result.totalStakeKobo)} stake is lost.</>
          ) : (
            <>
              {formatCount(result.linesWon)} {lineWord(result.linesWon)} × {stake} ×{' '}
              {formatCount(result.multiplier)} = <strong>{formatNaira(result.grossWinKobo)}</strong>
              {result.capped && (
                <>
                  . That is above the payout cap, so <strong>{formatNaira(result.paidKobo)}</strong> is paid
                </>
              )}
              .
            </>
          )}
        </dd>
      </dl>
    </>
  );
}
