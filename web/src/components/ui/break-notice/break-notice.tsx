import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { describeBreak } from '@/lib/on-break';
import type { Exclusion } from '@/types/money';
import './break-notice.css';

/**
 * Where a board or an offer would be, for a player on a break: the break and when it ends, what still works, and
 * where help is. No promotion, no deposit prompt (issue 32, item 4).
 */
export function BreakNotice({ exclusion }: { exclusion: Exclusion }) {
  return (
    <section className="break-notice" role="status" aria-labelledby="break-notice-title" data-testid="break-notice">
      <h2 id="break-notice-title" className="break-notice__title">
        You are taking a break
      </h2>
      <p>{describeBreak(exclusion)}</p>
      <p>
        Tickets and deposits are paused until then. Your tickets already bought still go into their draws, and you
        can still see results and withdraw your balance.
      </p>
      <p>
        <Link to={paths.responsibleGaming.getHref()}>Where to find support</Link>
      </p>
    </section>
  );
}
