import { Spinner } from '@/components/ui/spinner';
import { useGames } from '@/features/games/api/get-games';
import { LoadFailed, PageHeading } from '@/features/admin/components/admin-ui';
import { DrawRiskPanel } from '@/features/admin/components/risk-desk';
import { RISK_REFRESH_MS } from '@/features/admin/api/draw-risk';

/**
 * /boss/risk: the risk desk, one panel per game's draw on sale (worst case against the reserve, heat map, riskiest
 * pairs and triples, closing numbers). Each panel follows the server's `risk.updated` pushes, and polls while the
 * socket is down.
 */
export function Component() {
  const games = useGames();
  const selling = (games.data ?? []).filter((g) => g.next_draw);
  return (
    <section aria-labelledby="page-heading" className="risk-desk">
      <PageHeading>Risk</PageHeading>
      <p className="admin-note">
        Figures in naira, gross of tax, updated as tickets sell (read every {RISK_REFRESH_MS / 1000} seconds while
        the live connection is down).
      </p>
      {games.data ? (
        selling.length === 0 ? (
          <p className="empty-state">No draw is on sale.</p>
        ) : (
          selling.map((game) =>
            game.next_draw ? (
              <DrawRiskPanel
                key={game.next_draw.id}
                drawId={game.next_draw.id}
                title={`${game.name}: draw #${game.next_draw.id}`}
              />
            ) : null,
          )
        )
      ) : games.isPending ? (
        <Spinner label="Loading the draws on sale…" />
      ) : (
        <LoadFailed what="The draws on sale" onRetry={() => void games.refetch()} />
      )}
    </section>
  );
}
