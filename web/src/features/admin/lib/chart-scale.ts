/**
 * The arithmetic of the dashboard's hand-made SVG charts: a "nice" top for the axis, evenly spaced ticks, bar
 * heights and a line's points, all in the chart's own coordinates. Pure; no DOM.
 */

/**
 * The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above the largest value, and at least `floor` (so an empty or tiny
 * chart still has a sensible axis).
 */
export function niceMax(values: readonly number[], floor = 1): number {
  const max = Math.max(0, ...values.filter(Number.isFinite));
  if (max <= floor) return floor;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

/** `count + 1` tick values from 0 to `max`, evenly spaced: `ticks(100, 4)` → `[0, 25, 50, 75, 100]`. */
export function ticks(max: number, count = 4): number[] {
  return Array.from({ length: count + 1 }, (_, i) => (max * i) / count);
}

export type Bar = { x: number; y: number; width: number; height: number };

/**
 * One bar per value across `width`, each `gap` apart, heights scaled so `max` fills `height`. Negative values
 * (a day with more wins than stakes) are drawn as zero height here; the table beside the chart shows them.
 */
export function scaleBars(values: readonly number[], width: number, height: number, max = niceMax(values), gap = 2): Bar[] {
  if (values.length === 0) return [];
  const slot = width / values.length;
  const barWidth = Math.max(1, slot - gap);
  return values.map((value, i) => {
    const h = max > 0 ? (Math.max(0, value) / max) * height : 0;
    return { x: i * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h };
  });
}

/**
 * A line through each value, placed at the middle of its slot; values may be negative: the scale then runs from
 * the lowest value (or 0) to the highest. Returns the points and the y of zero (for the axis line).
 */
export function linePoints(values: readonly number[], width: number, height: number, floor = 1) {
  const positives = values.map((v) => (Number.isFinite(v) ? v : 0));
  const top = niceMax(positives, floor);
  const lowest = Math.min(0, ...positives);
  const bottom = lowest < 0 ? -niceMax([-lowest], floor) : 0;
  const span = top - bottom || 1;
  const slot = values.length > 0 ? width / values.length : width;
  const y = (value: number) => height - ((value - bottom) / span) * height;
  const points = positives.map((value, i) => ({ x: i * slot + slot / 2, y: y(value) }));
  return { points, top, bottom, zeroY: y(0) };
}

/** The SVG path `M x y L x y …` through the points, rounded to 0.1 for a short attribute. */
export function pathOf(points: readonly { x: number; y: number }[]): string {
  const r = (n: number) => Math.round(n * 10) / 10;
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${r(p.x)} ${r(p.y)}`).join(' ');
}
