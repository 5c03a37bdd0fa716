import { Countdown } from '@/components/ui/countdown/countdown';
import { drawName } from '@/lib/draw-name';
import { formatShortDateTimeWAT, formatTimeWAT } from '@/lib/lagos-time';
import { useServerTime } from '@/lib/server-clock';
import type { Draw } from '@/types/lotto';

/**
 * Which draw a ticket bought now goes into, and how long sales stay open (server clock). Once sales close it
 * says so and shows the upcoming draw instead.
 */
export function DrawBar({ draw, onSale }: { draw: Draw | null; onSale: boolean }) {
  // What the bar says changes only a few times a draw; its countdown ticks by itself.
  const drawsWithin12h = useServerTime((now) => (draw ? Date.parse(draw.draws_at) - now < 12 * 3_600_000 : false));
  const opening = useServerTime((now) => (draw ? Date.parse(draw.opens_at) <= now : false));
  if (!draw) {
    return (
      <div className="draw-bar draw-bar--closed" role="status">
        <p className="draw-bar__title">Sales closed</p>
        <p className="draw-bar__sub">No draw is open for this game right now.</p>
      </div>
    );
  }
  if (onSale) {
    return (
      <div className="draw-bar" data-testid="draw-bar" data-draw-id={draw.id}>
        <div>
          <p className="draw-bar__title">{drawName(draw)}</p>
          <p className="draw-bar__sub">
            Draws{' '}
            {drawsWithin12h
              ? formatTimeWAT(draw.draws_at)
              : formatShortDateTimeWAT(draw.draws_at)}
          </p>
        </div>
        <div className="draw-bar__timer">
          <span className="draw-bar__label" aria-hidden="true">
            Closes in
          </span>
          <Countdown to={draw.closes_at} size="small" label={`Sales for draw ${draw.id} close in`} />
        </div>
      </div>
    );
  }
  return (
    <div className="draw-bar draw-bar--closed" data-testid="draw-bar" data-draw-id="" role="status">
      <div>
        <p className="draw-bar__title">Sales closed</p>
        <p className="draw-bar__sub">
          Next: {drawName(draw)},{' '}
          {opening
            ? 'opening now…'
            : `sales open ${formatShortDateTimeWAT(draw.opens_at)}`}
        </p>
      </div>
    </div>
  );
}
