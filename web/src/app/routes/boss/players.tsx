import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { ApiError } from '@/lib/api-client';
import { useAdminGame } from '@/features/admin/api/get-game';
import { LoadFailed, PageHeading } from '@/features/admin/components/admin-ui';
import { GamePlayers } from '@/features/admin/components/game-players';

/** /boss/players/{slug}: the players of a game, as its tickets. */
export function Component() {
  const { slug = '' } = useParams();
  const game = useAdminGame(slug);
  return (
    <section aria-labelledby="page-heading">
      <p className="admin-back">
        <Link to={paths.boss.games.getHref()}>← All games</Link>
      </p>
      <PageHeading>Players of {game.data?.name ?? slug}</PageHeading>
      {game.data ? (
        <GamePlayers slug={game.data.slug} gameName={game.data.name} />
      ) : game.isPending ? (
        <Spinner label="Loading the game…" />
      ) : (game.error as ApiError).status === 404 ? (
        <p className="empty-state" role="alert">
          There is no game “{slug}”.
        </p>
      ) : (
        <LoadFailed what="The game" onRetry={() => void game.refetch()} />
      )}
    </section>
  );
}
