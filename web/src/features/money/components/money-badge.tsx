import type { StatusWord } from '../lib/labels';

/** A status as a word in a pill (the colour only helps). */
export function MoneyBadge({ word, testId }: { word: StatusWord; testId?: string }) {
  return (
    <span className={`badge money-badge money-badge--${word.tone}`} data-testid={testId}>
      {word.label}
    </span>
  );
}
