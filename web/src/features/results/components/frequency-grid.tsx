type Props = {
  /** counts[i]: times number i + 1 was drawn */
  counts: readonly number[];
  hot: readonly number[];
  cold: readonly number[];
  /** The grid's accessible name. */
  label: string;
};

const LEVELS = 4;

/** 0 for never drawn, then 1–4 by the share of the most drawn number's count. */
export function heatLevel(count: number, most: number): number {
  if (count <= 0 || most <= 0) return 0;
  return Math.max(1, Math.ceil((count / most) * LEVELS));
}

const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/**
 * Numbers 1–90 as a heat map, ten to a row (nine rows), fitting a 360 px phone: each cell shows the number and its
 * count, shaded by how often it was drawn, and is named "Number 7: drawn 12 times" (with "hot" or "cold") for a
 * screen reader. The count is always written, so the shade only helps.
 */
export function FrequencyGrid({ counts, hot, cold, label }: Props) {
  const most = Math.max(0, ...counts);
  return (
    <ol className="heat" aria-label={label}>
      {counts.map((count, i) => {
        const n = i + 1;
        const tag = hot.includes(n) ? 'hot' : cold.includes(n) ? 'cold' : null;
        return (
          <li
            key={n}
            className={['heat__cell', `heat__cell--l${heatLevel(count, most)}`, tag ? `heat__cell--${tag}` : '']
              .filter(Boolean)
              .join(' ')}
          >
            <span className="heat__number" aria-hidden="true">
              {n}
            </span>
            <span className="heat__count" aria-hidden="true">
              {count}
            </span>
            <span className="visually-hidden">
              Number {n}: drawn {times(count)}
              {tag ? ` (${tag})` : ''}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
