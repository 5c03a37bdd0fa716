/**
 * A quiet line on the pages with live countdowns and draws while the live connection is lost after having been up.
 * The live region is always in the page, empty while live, so screen readers are already listening when it fills.
 */
import { useLiveConnection } from '@/lib/use-live-connection';
import './reconnecting-notice.css';

export function ReconnectingNotice() {
  const reconnecting = useLiveConnection() === 'reconnecting';
  return (
    <div className="reconnecting-notice" role="status" aria-live="polite">
      {reconnecting ? (
        <p className="reconnecting-notice__text">
          <strong>Reconnecting…</strong> Times and results may be out of date until we’re back.
        </p>
      ) : null}
    </div>
  );
}
