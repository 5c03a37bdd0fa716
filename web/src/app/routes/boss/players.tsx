import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAdminGames } from '@/features/admin/api/get-games';
import { LoadFailed, PageHeading } from '@/features/admin/components/admin-ui';
import { GamePlayers } from '@/features/admin/components/game-players';

/** /boss/players/{slug}: the players of a game, as its tickets. */
export function Component() {
  const { slug = '' } = useParams();
  const games = useAdminGames();
  const game = games.data?.find((g) => g.slug === slug || String(g.id) === slug);
  return (
    <section aria-labelledby="page-heading">
      <p className="admin-back">
        <Link to={paths.boss.games.getHref()}>← All games</Link>
      </p>
      <PageHeading>Players of {game?.name ?? slug}</PageHeading>
      {game ? (
        <GamePlayers slug={game.slug} gameName={game.name} />
      ) : games.isPending ? (
        <Spinner label="Loading the game…" />
      ) : games.isError ? (
        <LoadFailed what="The game" onRetry={() => void games.refetch()} />
      ) : (
        <p className="empty-state" role="alert">
          There is no game “{slug}”.
        </p>
      )}
    </section>
  );
}
