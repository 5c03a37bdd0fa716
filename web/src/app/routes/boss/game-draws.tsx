import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import type { ApiError } from '@/lib/api-client';
import { useAdminGame } from '@/features/admin/api/get-game';
import { LoadFailed, PageHeading } from '@/features/admin/components/admin-ui';
import { GameDraws } from '@/features/admin/components/game-draws';

/** /boss/games/{id}/draws: one game's draws, each with its result, and Cancel for one not yet drawn. */
export function Component() {
  const { id = '' } = useParams();
  const game = useAdminGame(id);
  const missing = game.isError && (game.error as ApiError).status === 404;
  return (
    <section aria-labelledby="page-heading">
      <p className="admin-back">
        <Link to={paths.boss.games.getHref()}>← All games</Link>
      </p>
      <PageHeading>Draws of {game.data?.name ?? `game ${id}`}</PageHeading>
      {missing ? (
        <p className="empty-state" role="alert">
          There is no game “{id}”.
        </p>
      ) : game.isError ? (
        <LoadFailed what="The game" onRetry={() => void game.refetch()} />
      ) : (
        <GameDraws gameId={id} gameName={game.data?.name ?? `game ${id}`} />
      )}
    </section>
  );
}
