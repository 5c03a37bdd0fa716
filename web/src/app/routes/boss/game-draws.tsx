import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { ApiError } from '@/lib/api-client';
import { useAdminGame } from '@/features/admin/api/get-game';
import { LoadFailed, PageHeading } from '@/features/admin/components/admin-ui';
import { GameDraws } from '@/features/admin/components/game-draws';

/** /boss/games/{id}/draws: one game's draws, each with its result, and Cancel for one not yet drawn. */
export function Component() {
  const { id = '' } = useParams();
  const game = useAdminGame(id);
  return (
    <section aria-labelledby="page-heading">
      <p className="admin-back">
        <Link to={paths.boss.games.getHref()}>← All games</Link>
      </p>
      <PageHeading>Draws of {game.data?.name ?? `game ${id}`}</PageHeading>
      {game.data ? (
        <GameDraws gameId={game.data.id} gameName={game.data.name} />
      ) : game.isPending ? (
        <Spinner label="Loading the game…" />
      ) : (game.error as ApiError).status === 404 ? (
        <p className="empty-state" role="alert">
          There is no game “{id}”.
        </p>
      ) : (
        <LoadFailed what="The game" onRetry={() => void game.refetch()} />
      )}
    </section>
  );
}
