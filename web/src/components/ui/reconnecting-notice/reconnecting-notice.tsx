/**
 * A quiet line on the live pages while the live connection is lost after having been up: `draws` on the pages
 * with countdowns, draws and results; `player` on the player's pages (balance, tickets, payments).
 * The live region is always in the page, empty while live, so screen readers are already listening when it fills.
 */
import { useLiveConnection, type LiveTopic } from '@/lib/use-live-connection';
import './reconnecting-notice.css';

const OUT_OF_DATE: Record<LiveTopic, string> = {
  draws: 'Times and results may be out of date until we’re back.',
  player: 'Your balance, tickets and payments may be out of date until we’re back.',
};

export function ReconnectingNotice({ topic = 'draws' }: { topic?: LiveTopic }) {
  const reconnecting = useLiveConnection(topic) === 'reconnecting';
  return (
    <div className="reconnecting-notice" role="status" aria-live="polite">
      {reconnecting ? (
        <p className="reconnecting-notice__text">
          <strong>Reconnecting…</strong> {OUT_OF_DATE[topic]}
        </p>
      ) : null}
    </div>
  );
}
