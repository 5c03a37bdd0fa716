/**
 * A draw's numbers as every result shows them (the games' latest results, the results archive): the five winning
 * balls in draw order, then the machine numbers, smaller, as shown but never played; or why it was cancelled.
 */
import type { Draw } from '@/types/lotto';
import { LottoBalls } from './lotto-balls';

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
      <LottoBalls numbers={draw.numbers} label={`Winning numbers of draw ${draw.id}, in draw order`} />
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
