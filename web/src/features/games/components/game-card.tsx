import { Link } from 'react-router';
import { Countdown } from '@/components/ui/countdown/countdown';
import { SkeletonText } from '@/components/ui/skeletons/skeleton-text';
import { paths } from '@/config/paths';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import type { Game } from '@/types/lotto';
import { useNextDrawOf } from '../hooks';
import { describeSchedule } from '../schedule';

/** One game: its name, what it is, when it draws, and its next draw's countdown. */
export function GameCard({ game, headingLevel = 3 }: { game: Game; headingLevel?: 2 | 3 }) {
  const draw = useNextDrawOf(game);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = paths.game.getHref(game.slug);
  const onSale = draw?.status === 'open';
  return (
    <article className="game-card" aria-labelledby={`game-${game.id}`}>
      <div className="game-card__head">
        <Heading id={`game-${game.id}`} className="game-card__name">
          <Link to={href}>{game.name}</Link>
        </Heading>
        <p className="game-card__schedule">{describeSchedule(game.schedule)}</p>
      </div>
      {game.description ? <p className="game-card__description">{game.description}</p> : null}
      <div className="game-card__draw">
        {draw ? (
          <>
            <p className="game-card__when">
              Next draw {formatShortDateTimeWAT(draw.draws_at)}
            </p>
            {onSale ? (
              <p className="game-card__closes">
                <span aria-hidden="true">Sales close in </span>
                <Countdown to={draw.closes_at} size="small" label={`${game.name}: sales close in`} />
              </p>
            ) : (
              <p className="game-card__soon">Sales open {formatShortDateTimeWAT(draw.opens_at)}</p>
            )}
          </>
        ) : (
          <p className="game-card__soon">No draw scheduled yet</p>
        )}
      </div>
      <Link className="button button--primary game-card__play" to={href} aria-label={`Play ${game.name}`}>
        Play
      </Link>
    </article>
  );
}

/** A card on its way, row for row like a game card so the list does not jump when the games arrive. */
export function GameCardSkeleton() {
  return (
    <div className="game-card" aria-hidden="true">
      <div className="game-card__head">
        <p className="game-card__name">
          <SkeletonText width="7em" />
        </p>
        <p className="game-card__schedule">
          <SkeletonText width="9em" />
        </p>
      </div>
      <p className="game-card__description">
        <SkeletonText width="90%" />
        <SkeletonText width="45%" />
      </p>
      <div className="game-card__draw">
        <p className="game-card__when">
          <SkeletonText width="14em" />
        </p>
        <p className="game-card__closes">
          <SkeletonText width="9em" className="countdown--small" />
        </p>
      </div>
      <span className="skeleton game-card__play-skeleton" />
    </div>
  );
}
