import type { Game } from '@/types/lotto';
import { GameCard, GameCardSkeleton } from './game-card';
import './games.css';

type Props = {
  games: Game[] | undefined;
  loading: boolean;
  failed?: boolean;
  headingLevel?: 2 | 3;
  onRetry?: () => void;
};

/** The games as cards: skeletons while loading, a plain sentence when there are none. */
export function GamesList({ games, loading, failed, headingLevel = 3, onRetry }: Props) {
  if (loading) {
    return (
      <div className="games-grid" aria-busy="true">
        <span className="visually-hidden" role="status">
          Loading games…
        </span>
        {/* As many as there usually are games, so the list keeps its height when they arrive. */}
        <GameCardSkeleton />
        <GameCardSkeleton />
        <GameCardSkeleton />
        <GameCardSkeleton />
      </div>
    );
  }
  if (failed) {
    return (
      <div className="empty-state">
        <p>We could not load the games just now.</p>
        {onRetry ? (
          <button type="button" className="button button--ghost" onClick={onRetry}>
            Try again
          </button>
        ) : null}
      </div>
    );
  }
  if (!games || games.length === 0) {
    return <p className="empty-state">No games are on sale right now. Please check back soon.</p>;
  }
  return (
    <div className="games-grid">
      {games.map((game) => (
        <GameCard key={game.id} game={game} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
