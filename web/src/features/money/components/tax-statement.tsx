import { formatNaira } from '@/lib/format';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import { useOperator } from '@/lib/operator';
import { useTaxStatement } from '../api/tax-statement';

/** A year's statement of withholding tax, laid out to print (the browser's "Save as PDF" makes the file). */
export function TaxStatementView({ year }: { year: number }) {
  const statement = useTaxStatement(year);
  const { data: operator } = useOperator();
  if (statement.isPending) return <p aria-busy="true">Loading your statement…</p>;
  if (statement.isError) return <p role="alert">We could not load your statement. Please try again.</p>;
  const s = statement.data;
  return (
    <article className="card tax-statement" aria-labelledby="statement-title">
      <h2 id="statement-title" className="card__title">
        Withholding tax statement {s.year}
      </h2>
      <dl className="tax-statement__who">
        <div>
          <dt>Player</dt>
          <dd>{s.name}</dd>
        </div>
        <div>
          <dt>State of residence</dt>
          <dd>{s.state_name ?? 'Not given'}</dd>
        </div>
        <div>
          <dt>Operator</dt>
          <dd data-testid="statement-operator">
            {operator?.company ? (
              <>
                {operator.company}
                {operator.rc_number && <>, {operator.rc_number}</>}
                {operator.licences.map((licence) => (
                  <span key={`${licence.state}-${licence.number}`} className="tax-statement__licence">
                    {licence.regulator} licence {licence.number}
                  </span>
                ))}
              </>
            ) : (
              'Ayo Lotto'
            )}
          </dd>
        </div>
      </dl>
      {s.lines.length === 0 ? (
        <p className="empty-state">No winnings paid in {s.year}.</p>
      ) : (
        <div className="tax-statement__scroll">
        <table className="tax-statement__table">
          <caption className="visually-hidden">Winnings and tax withheld in {s.year}</caption>
          <thead>
            <tr>
              <th scope="col">Ticket</th>
              <th scope="col" className="numeric">
                Winnings
              </th>
              <th scope="col" className="numeric">
                Tax
              </th>
              <th scope="col" className="numeric">
                Paid to you
              </th>
            </tr>
          </thead>
          <tbody>
            {s.lines.map((line) => (
              <tr key={`${line.ticket_id ?? ''}-${line.paid_at}`}>
                <th scope="row">
                  #{line.ticket_id}
                  <span className="tax-statement__date">{formatShortDateTimeWAT(line.paid_at)}</span>
                </th>
                <td className="numeric">{formatNaira(line.gross)}</td>
                <td className="numeric">{formatNaira(line.tax)}</td>
                <td className="numeric">{formatNaira(line.net)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="numeric">{formatNaira(s.totals.gross)}</td>
              <td className="numeric" data-testid="tax-total">
                {formatNaira(s.totals.tax)}
              </td>
              <td className="numeric">{formatNaira(s.totals.net)}</td>
            </tr>
          </tfoot>
        </table>
        </div>
      )}
    </article>
  );
}
