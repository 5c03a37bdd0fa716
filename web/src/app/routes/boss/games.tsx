import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useAdminGames } from '@/features/admin/api/get-games';
import { LoadFailed, PageHeading } from '@/features/admin/components/admin-ui';
import { GameFormDialog } from '@/features/admin/components/game-form';
import { GamesList } from '@/features/admin/components/games-list';
import type { AdminGame } from '@/features/admin/types';

/** /boss/games: every game; create and edit one; each game's recent draws (cancel one) and players. */
export function Component() {
  const games = useAdminGames();
  const [editing, setEditing] = useState<AdminGame | 'new' | null>(null);
  return (
    <section aria-labelledby="page-heading">
      <PageHeading
        actions={
          <button type="button" className="button button--accent" onClick={() => setEditing('new')}>
            New game
          </button>
        }
      >
        Games
      </PageHeading>
      {games.data ? (
        <GamesList games={games.data} onEdit={setEditing} />
      ) : games.isPending ? (
        <Spinner label="Loading the games…" />
      ) : (
        <LoadFailed what="The games" onRetry={() => void games.refetch()} />
      )}
      {editing ? (
        <GameFormDialog game={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}
