import { Link } from 'react-router';
import { Countdown } from '@/components/ui/countdown/countdown';
import { SkeletonText } from '@/components/ui/skeletons/skeleton-text';
import { paths } from '@/config/paths';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import type { Game } from '@/types/lotto';
import { useNextDrawAcross } from '../hooks';
import './games.css';

/** The home page's headline: the next draw to close across every game, its live countdown and a Play button. */
export function NextDrawPanel({ games, loading }: { games: Game[] | undefined; loading: boolean }) {
  const next = useNextDrawAcross(games);
  if (loading) {
    // Row for row like the panel with a draw on sale (the usual case), so the hero keeps its height.
    return (
      <div className="next-draw" aria-busy="true">
        <p className="next-draw__eyebrow">Next draw closing</p>
        <p className="next-draw__title" aria-hidden="true">
          <SkeletonText width="8em" />
        </p>
        <p className="next-draw__when" aria-hidden="true">
          <SkeletonText width="15em" />
        </p>
        <span className="countdown countdown--large" aria-hidden="true">
          {['min', 'sec'].map((unit) => (
            <span key={unit} className="countdown__unit">
              <span className="countdown__value">––</span>
              <span className="countdown__label">{unit}</span>
            </span>
          ))}
        </span>
        <span className="skeleton next-draw__play next-draw__play-skeleton" aria-hidden="true" />
      </div>
    );
  }
  if (!next) {
    return (
      <div className="next-draw">
        <p className="next-draw__eyebrow">Next draw</p>
        <p className="next-draw__empty">No draw is on sale right now. New draws open soon.</p>
      </div>
    );
  }
  const { draw, game } = next;
  const name = game?.name ?? draw.game_name ?? 'Next draw';
  const onSale = draw.status === 'open';
  return (
    <div className="next-draw" data-testid="next-draw">
      <p className="next-draw__eyebrow">Next draw closing</p>
      <h2 className="next-draw__title">
        {name} <span className="next-draw__id">#{draw.id}</span>
      </h2>
      <p className="next-draw__when">Draws {formatShortDateTimeWAT(draw.draws_at)}</p>
      {onSale ? (
        <Countdown to={draw.closes_at} label={`${name}: sales close in`} />
      ) : (
        <p className="next-draw__when">Sales open {formatShortDateTimeWAT(draw.opens_at)}</p>
      )}
      <Link
        className="button button--accent button--large button--block next-draw__play"
        to={paths.game.getHref(game?.slug ?? draw.game_slug ?? draw.game_id)}
      >
        Play {name}
      </Link>
    </div>
  );
}
