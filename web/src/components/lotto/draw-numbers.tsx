/**
 * A draw's numbers as every result shows them (the games' latest results, the results archive): the five winning
 * balls in draw order, then the machine numbers, smaller, as shown but never played; or why it was cancelled.
 */
import type { Draw } from '@/types/lotto';
import { BALL_STEP_MS } from '@/lib/landed-draws';
import { useDrawReveal } from '@/lib/use-draw-reveal';
import './draw-reveal.css';
import { LottoBalls } from './lotto-balls';

/**
 * The five winning balls: one by one when the draw lands live while the page is open (lib/landed-draws), with
 * the result said once to screen readers when the last is out; at once otherwise.
 */
function WinningBalls({ drawId, numbers }: { drawId: number; numbers: number[] }) {
  const { revealFrom, announces } = useDrawReveal(drawId);
  return (
    <>
      <LottoBalls
        numbers={numbers}
        label={`Winning numbers of draw ${drawId}, in draw order`}
        revealFrom={revealFrom}
        revealStepMs={BALL_STEP_MS}
      />
      <p className="visually-hidden" role="status" data-testid={`draw-announcement-${drawId}`}>
        {announces ? `Draw ${drawId} result: ${numbers.join(', ')}.` : ''}
      </p>
    </>
  );
}

/** `Cancelled: <reason>. Every ticket was refunded in full.` */
export function cancelledText(draw: Pick<Draw, 'cancelled_reason'>): string {
  return `Cancelled${draw.cancelled_reason ? `: ${draw.cancelled_reason}` : ''}. Every ticket was refunded in full.`;
}

type Props = {
  draw: Pick<Draw, 'id' | 'numbers' | 'machine_numbers'>;
  /** The class of the machine row and of its label, in the look of the card it sits in. */
  rowClassName: string;
  labelClassName: string;
};

/** The winning balls and the machine row; nothing before the draw. */
export function DrawNumbers({ draw, rowClassName, labelClassName }: Props) {
  if (!draw.numbers) return null;
  return (
    <>
      <WinningBalls drawId={draw.id} numbers={draw.numbers} />
      {draw.machine_numbers ? (
        <div className={rowClassName}>
          <span className={labelClassName}>Machine</span>
          <LottoBalls
            numbers={draw.machine_numbers}
            size="small"
            label={`Machine numbers of draw ${draw.id} (not played)`}
          />
        </div>
      ) : null}
    </>
  );
}
