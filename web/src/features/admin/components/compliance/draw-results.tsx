import { useDrawResults, type DrawFigures, type GameMonth, type SettledDrawResult } from '@/features/admin/api/compliance';
import { LoadFailed } from '@/features/admin/components/admin-ui';
import { LocalTable, type LocalColumn } from '@/features/admin/components/local-table';
import { formatCount, formatNaira } from '@/lib/format';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';

/** How many of the month's draws the page lists; the CSV has them all. */
const SHOWN_DRAWS = 20;

/** The house's result: a loss says so in words, not only by its sign. */
function HouseResult({ kobo }: { kobo: number }) {
  if (kobo < 0) return <span className="house-result house-result--loss">{formatNaira(kobo)} (loss)</span>;
  return <span className="house-result">{formatNaira(kobo)}</span>;
}

/** The money columns every row shares, a draw's or a game's. */
function figureColumns<T extends DrawFigures>(): LocalColumn<T>[] {
  return [
    { key: 'tickets', header: 'Tickets', numeric: true, cell: (r) => formatCount(r.tickets) },
    { key: 'stakes', header: 'Stakes', numeric: true, cell: (r) => formatNaira(r.stakes) },
    { key: 'payouts', header: 'Winnings (gross)', numeric: true, cell: (r) => formatNaira(r.payouts) },
    { key: 'tax_withheld', header: 'Tax withheld', numeric: true, cell: (r) => formatNaira(r.tax_withheld) },
    { key: 'house_result', header: 'House result', numeric: true, cell: (r) => <HouseResult kobo={r.house_result} /> },
  ];
}

function drawName(d: SettledDrawResult) {
  return d.draw_number === null ? `${d.game}, draw #${d.draw_id}` : `${d.game} draw ${d.draw_number}`;
}

/** The month's settled draws: the sums by game, then the latest draws one by one. */
export function DrawResults({ month }: { month: string }) {
  const results = useDrawResults(month);
  if (results.isPending) return <p aria-busy="true">Loading draw results…</p>;
  if (results.isError) return <LoadFailed what="draw results" onRetry={() => void results.refetch()} />;
  const { games, total, draws } = results.data;
  if (draws.length === 0) return <p className="empty-state">No draw was settled this month.</p>;
  return (
    <>
      <p className="admin-note" data-testid="draw-results-total">
        {formatCount(total.draws)} {total.draws === 1 ? 'draw' : 'draws'} settled: stakes {formatNaira(total.stakes)},
        winnings {formatNaira(total.payouts)}, tax withheld {formatNaira(total.tax_withheld)}, house result{' '}
        <HouseResult kobo={total.house_result} />.
      </p>
      <h3 className="admin-subtitle">By game</h3>
      <LocalTable<GameMonth>
        caption="Settled draws by game"
        rows={games}
        rowKey={(g) => g.game}
        empty="No game had a settled draw."
        columns={[
          { key: 'game', header: 'Game', rowHeader: true, cell: (g) => g.game },
          { key: 'draws', header: 'Draws', numeric: true, cell: (g) => formatCount(g.draws) },
          ...figureColumns<GameMonth>(),
        ]}
      />
      <h3 className="admin-subtitle">Latest draws</h3>
      {draws.length > SHOWN_DRAWS ? (
        <p className="admin-note">
          The latest {SHOWN_DRAWS} of {formatCount(draws.length)}; the CSV has every draw.
        </p>
      ) : null}
      <LocalTable<SettledDrawResult>
        caption="Settled draws"
        rows={draws.slice(0, SHOWN_DRAWS)}
        rowKey={(d) => d.draw_id}
        empty="No draw was settled this month."
        columns={[
          { key: 'draw', header: 'Draw', rowHeader: true, cell: drawName },
          { key: 'draws_at', header: 'Drawn', cell: (d) => formatShortDateTimeWAT(d.draws_at) },
          { key: 'winners', header: 'Winners', numeric: true, cell: (d) => formatCount(d.winners) },
          ...figureColumns<SettledDrawResult>(),
        ]}
      />
    </>
  );
}
