/** Cells the back office's money tables share: the player (a link to their page) and a signed amount. */
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatNaira } from '@/lib/format';
import type { RowPlayer } from '@/features/admin/types';

export function PlayerCell({ row, id }: { row: RowPlayer; id?: number }) {
  const playerId = id ?? row.player?.id;
  const name = row.player_name ?? row.player?.name ?? `Player #${playerId}`;
  const email = row.player_email ?? row.player?.email;
  return (
    <>
      {playerId !== undefined ? <Link to={paths.boss.user.getHref(String(playerId))}>{name}</Link> : name}
      {email ? <span className="admin-note break">{email}</span> : null}
    </>
  );
}

export function SignedNaira({ kobo }: { kobo: number }) {
  return (
    <span className={kobo < 0 ? 'amount amount--out' : 'amount amount--in'}>
      {kobo > 0 ? '+' : kobo < 0 ? '−' : ''}
      {formatNaira(Math.abs(kobo))}
    </span>
  );
}
