import { formatNaira } from '@/lib/format';
import { BarChart, LineChart, shortDate } from '@/features/admin/components/charts';
import type { DashboardFigures } from '@/features/admin/types';

/** 30 days of deposits, stakes and GGR as charts, and the same numbers as a table for anyone who prefers it. */
export function DashboardCharts({ series }: { series: DashboardFigures['series'] }) {
  const days = series ?? [];
  const pick = (key: 'deposits' | 'stakes' | 'wins' | 'ggr') => days.map((day) => ({ date: day.date, value: day[key] }));
  return (
    <section className="dashboard-charts" aria-labelledby="charts-heading">
      <h2 id="charts-heading" className="admin-section-title">
        Last 30 days
      </h2>
      <div className="chart-grid">
        <BarChart title="Deposits per day" points={pick('deposits')} />
        <BarChart title="Stakes per day" points={pick('stakes')} tone="gold" />
        <LineChart title="Gross gaming revenue per day" points={pick('ggr')} />
      </div>
      <details className="chart-table">
        <summary>Show the numbers as a table</summary>
        <div className="table-wrap">
          <table>
            <caption>Daily totals, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="numeric">
                  Deposits
                </th>
                <th scope="col" className="numeric">
                  Stakes
                </th>
                <th scope="col" className="numeric">
                  Wins
                </th>
                <th scope="col" className="numeric">
                  GGR
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{shortDate(day.date)}</th>
                  <td className="numeric">{formatNaira(day.deposits)}</td>
                  <td className="numeric">{formatNaira(day.stakes)}</td>
                  <td className="numeric">{formatNaira(day.wins)}</td>
                  <td className="numeric">{formatNaira(day.ggr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
