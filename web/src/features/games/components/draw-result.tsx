import type { ReactNode } from 'react';
import { cancelledText, DrawNumbers } from '@/components/lotto/draw-numbers';
import { SkeletonBalls, SkeletonText } from '@/components/ui/skeletons/skeleton-text';
import { drawName } from '@/lib/draw-name';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import type { Draw } from '@/types/lotto';

type Props = {
  draw: Draw;
  /** Show the game's name in the heading (lists across games). */
  showGame?: boolean;
  headingLevel?: 3 | 4;
  /** Below the balls: the Verify panel, say. */
  children?: ReactNode;
};

/** One draw's result: the five winning balls in draw order and the machine numbers; or why it was cancelled. */
export function DrawResult({ draw, showGame = false, headingLevel = 3, children }: Props) {
  const Heading = headingLevel === 4 ? 'h4' : 'h3';
  // Numbered draws read "Ayo Express draw 12" (or "Draw 12" within the game's own page); older ones "Draw #id".
  const title = draw.number
    ? showGame
      ? drawName(draw)
      : `Draw ${draw.number}`
    : `${showGame && draw.game_name ? `${draw.game_name} · ` : ''}Draw #${draw.id}`;
  return (
    <article className="draw-result" aria-label={`${title} result`} data-draw-id={draw.id}>
      <div className="draw-result__head">
        <Heading className="draw-result__title">{title}</Heading>
        <p className="draw-result__when">{formatShortDateTimeWAT(draw.draws_at)}</p>
      </div>
      {draw.status === 'cancelled' ? (
        <p className="draw-result__cancelled">{cancelledText(draw)}</p>
      ) : draw.numbers ? (
        <>
          <DrawNumbers draw={draw} rowClassName="draw-result__machine" labelClassName="draw-result__machine-label" />
          {draw.status === 'drawn' ? <p className="draw-result__note">Paying out winning tickets…</p> : null}
        </>
      ) : (
        <p className="draw-result__note">Waiting for the balls…</p>
      )}
      {children}
    </article>
  );
}

/** A result on its way: the same rows as a drawn result (heading, five balls, the machine numbers), so it keeps its place. */
export function DrawResultSkeleton() {
  return (
    <div className="draw-result" aria-hidden="true">
      <div className="draw-result__head">
        <p className="draw-result__title">
          <SkeletonText width="9em" />
        </p>
        <p className="draw-result__when">
          <SkeletonText width="8em" />
        </p>
      </div>
      <SkeletonBalls />
      <div className="draw-result__machine">
        <span className="draw-result__machine-label">Machine</span>
        <SkeletonBalls size="small" />
      </div>
    </div>
  );
}
