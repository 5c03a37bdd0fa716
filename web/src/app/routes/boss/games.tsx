import { useState } from 'react';
import { PageHeading } from '@/features/admin/components/admin-ui';
import { GameFormDialog } from '@/features/admin/components/game-form';
import { GamesTable } from '@/features/admin/components/games-table';
import type { AdminGame } from '@/features/admin/types';

/** /boss/games: every game as a table; create and edit one; each game's players and draws are a link away. */
export function Component() {
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
      <GamesTable onEdit={setEditing} />
      {editing ? (
        <GameFormDialog game={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      ) : null}
    </section>
  );
}
