/**
 * Lotto balls (docs/product.md §20): coloured rings around white faces with bold numbers, so each reads without its
 * colour. The colour follows the number's ten (1–9, 10–19, …), as on a printed results sheet. `hits` marks
 * numbers that matched (filled face, and "matched" in the accessible name).
 */
type Props = {
  numbers: readonly number[];
  /** The list's accessible name, e.g. "Winning numbers". */
  label: string;
  size?: 'normal' | 'small';
  hits?: readonly number[];
  className?: string;
};

export function ballColour(n: number): string {
  return `ball--c${Math.min(8, Math.floor(n / 10))}`;
}

export function LottoBalls({ numbers, label, size = 'normal', hits, className }: Props) {
  return (
    <ol className={['balls', size === 'small' ? 'balls--small' : '', className].filter(Boolean).join(' ')} aria-label={label}>
      {numbers.map((n, index) => {
        const hit = hits?.includes(n) ?? false;
        return (
          <li key={`${index}-${n}`} className={`ball ${ballColour(n)}${hit ? ' ball--hit' : ''}`}>
            {n}
            {hit ? <span className="visually-hidden"> (matched)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
