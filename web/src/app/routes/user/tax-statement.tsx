import { useSearchParams } from 'react-router';
import { TaxStatementView } from '@/features/money/components/tax-statement';
import '@/features/money/components/tax-statement.css';

/** /user/tax-statement?year=YYYY: the withholding tax taken from my winnings, printable. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const thisYear = new Date().getFullYear();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2026 && asked <= thisYear ? asked : thisYear;
  const years = Array.from({ length: thisYear - 2025 }, (_, i) => thisYear - i);
  return (
    <section className="page money-page" aria-labelledby="page-heading">
      <h1 id="page-heading">Tax statement</h1>
      <p className="page__lead no-print">
        Winnings bear the withholding tax of your state (5 % of the net win in Lagos), deducted at payout. Keep this
        statement for your records.
      </p>
      <div className="tax-statement__actions no-print">
        <label className="field__label" htmlFor="statement-year">
          Year
        </label>
        <select
          id="statement-year"
          className="field__input field__select"
          value={year}
          onChange={(e) => setParams({ year: e.target.value }, { replace: true })}
        >
          {years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        <button type="button" className="button button--ghost" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </div>
      <TaxStatementView year={year} />
    </section>
  );
}
