import { ReconnectingNotice } from '@/components/ui/reconnecting-notice/reconnecting-notice';
import { useGames } from '@/features/games/api/get-games';
import { GamesList } from '@/features/games/components/games-list';

/** /games: every game on sale, its schedule in Nigerian time and its next draw's countdown. */
export function Component() {
  const games = useGames();
  return (
    <section className="container page" aria-labelledby="page-heading">
      <h1 id="page-heading">Games</h1>
      <ReconnectingNotice />
      <p className="page__lead">
        Every game is a 5/90 lotto: five balls from 1 to 90. Pick a game to see its board, its multipliers and its
        results.
      </p>
      <GamesList
        games={games.data}
        loading={games.isPending}
        failed={games.isError}
        headingLevel={2}
        onRetry={() => void games.refetch()}
      />
    </section>
  );
}
