/**
 * Hand-made SVG charts for the dashboard (no chart library): bars for daily amounts, a line for GGR, which can
 * go below zero. The SVG stretches to its box (`preserveAspectRatio="none"`, strokes that do not scale), so the
 * labels live in HTML around it and stay readable on a phone. Each chart is one image with a summary for screen
 * readers; the full numbers are in the table under the charts.
 */
import type { ReactNode } from 'react';
import { formatCalendarDate, formatNaira } from '@/lib/format';
import { linePoints, niceMax, pathOf, scaleBars, ticks } from '@/features/admin/lib/chart-scale';

const WIDTH = 600;
const HEIGHT = 160;
/** An empty chart's axis runs to ₦100, not to a kobo. */
const AXIS_FLOOR_KOBO = 10_000;

export type Point = { date: string; value: number };

/** `2026-11-22` → `22 Nov`. */
export function shortDate(date: string): string {
  return formatCalendarDate(date).replace(/ \d{4}$/, '');
}

/** "Stakes per day, 24 Oct to 22 Nov: total ₦1,000.00; highest ₦500.00 on 3 Nov; today ₦0.00." */
export function chartSummary(title: string, points: readonly Point[]): string {
  if (points.length === 0) return `${title}: no data yet.`;
  const first = points[0];
  const last = points[points.length - 1];
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const best = points.reduce((top, p) => (p.value > top.value ? p : top), points[0] as Point);
  const range = first && last ? `, ${shortDate(first.date)} to ${shortDate(last.date)}` : '';
  const peak = best.value > 0 ? `; highest ${formatNaira(best.value)} on ${shortDate(best.date)}` : '; nothing yet';
  return `${title}${range}: total ${formatNaira(total)}${peak}; latest day ${formatNaira(last?.value ?? 0)}.`;
}

function compactNaira(kobo: number): string {
  const naira = kobo / 100;
  const abs = Math.abs(naira);
  const sign = naira < 0 ? '−' : '';
  if (abs >= 1_000_000) return `${sign}₦${+(abs / 1_000_000).toFixed(1)}m`;
  if (abs >= 1_000) return `${sign}₦${+(abs / 1_000).toFixed(1)}k`;
  return `${sign}₦${+abs.toFixed(2)}`;
}

function Frame({
  title,
  points,
  top,
  bottom = 0,
  children,
}: {
  title: string;
  points: readonly Point[];
  top: number;
  bottom?: number;
  children: ReactNode;
}) {
  const first = points[0];
  const last = points[points.length - 1];
  return (
    <figure className="chart">
      <figcaption className="chart__title">{title}</figcaption>
      <div className="chart__plot">
        <div className="chart__axis" aria-hidden="true">
          <span>{compactNaira(top)}</span>
          <span>{compactNaira(bottom)}</span>
        </div>
        <svg
          className="chart__svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={chartSummary(title, points)}
        >
          {ticks(HEIGHT, 4).map((y) => (
            <line key={y} x1={0} x2={WIDTH} y1={y} y2={y} className="chart__grid" vectorEffect="non-scaling-stroke" />
          ))}
          {children}
        </svg>
      </div>
      <div className="chart__dates" aria-hidden="true">
        <span>{first ? shortDate(first.date) : ''}</span>
        <span>{last ? shortDate(last.date) : ''}</span>
      </div>
    </figure>
  );
}

export function BarChart({ title, points, tone = 'green' }: { title: string; points: readonly Point[]; tone?: 'green' | 'gold' }) {
  const values = points.map((p) => p.value);
  const max = niceMax(values, AXIS_FLOOR_KOBO);
  const bars = scaleBars(values, WIDTH, HEIGHT, max);
  return (
    <Frame title={title} points={points} top={max}>
      {bars.map((bar, i) => (
        <rect key={points[i]?.date ?? i} className={`chart__bar chart__bar--${tone}`} {...bar}>
          <title>{`${shortDate(points[i]?.date ?? '')}: ${formatNaira(values[i] ?? 0)}`}</title>
        </rect>
      ))}
    </Frame>
  );
}

export function LineChart({ title, points }: { title: string; points: readonly Point[] }) {
  const { points: xy, top, bottom, zeroY } = linePoints(
    points.map((p) => p.value),
    WIDTH,
    HEIGHT,
    AXIS_FLOOR_KOBO,
  );
  return (
    <Frame title={title} points={points} top={top} bottom={bottom}>
      <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} className="chart__zero" vectorEffect="non-scaling-stroke" />
      {xy.length > 0 ? (
        <path d={pathOf(xy)} className="chart__line" fill="none" vectorEffect="non-scaling-stroke" />
      ) : null}
    </Frame>
  );
}
