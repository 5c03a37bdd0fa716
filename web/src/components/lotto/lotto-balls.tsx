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
  /**
   * A draw landing live: the balls come out one by one, `revealStepMs` apart, the first `revealFrom` ms ago (a list
   * mounted mid-reveal carries on). The animation itself is the stylesheet's, which shows every ball at once to
   * players who ask for less motion.
   */
  revealFrom?: number | null;
  revealStepMs?: number;
};

export function ballColour(n: number): string {
  return `ball--c${Math.min(8, Math.floor(n / 10))}`;
}

export function LottoBalls({ numbers, label, size = 'normal', hits, className, revealFrom, revealStepMs = 0 }: Props) {
  const revealing = revealFrom !== null && revealFrom !== undefined;
  const classes = ['balls', size === 'small' ? 'balls--small' : '', revealing ? 'balls--reveal' : '', className];
  return (
    <ol className={classes.filter(Boolean).join(' ')} aria-label={label} aria-busy={revealing || undefined}>
      {numbers.map((n, index) => {
        const hit = hits?.includes(n) ?? false;
        const style = revealing ? { animationDelay: `${index * revealStepMs - revealFrom}ms` } : undefined;
        return (
          <li key={`${index}-${n}`} className={`ball ${ballColour(n)}${hit ? ' ball--hit' : ''}`} style={style}>
            {n}
            {hit ? <span className="visually-hidden"> (matched)</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
