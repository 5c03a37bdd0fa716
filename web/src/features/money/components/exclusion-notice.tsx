import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTimeWAT } from '@/lib/lagos-time';
import type { Exclusion } from '@/types/money';

/** The break in force, in the server's words where it gave some (403 EXCLUDED), else in ours. */
export function ExclusionNotice({ exclusion, message }: { exclusion?: Exclusion | null; message?: string }) {
  const text =
    message ??
    (exclusion
      ? `You are taking a break from Ayo Lotto until ${formatDateTimeWAT(exclusion.ends_at)}. ` +
        'Tickets and deposits are paused until then; you can still withdraw your balance.'
      : null);
  if (!text) return null;
  return (
    <div className="money-notice money-notice--break" role="status" data-testid="exclusion-notice">
      <p>{text}</p>
      <p>
        <Link to={paths.responsibleGaming.getHref()}>Where to find support</Link>
      </p>
    </div>
  );
}

/** A break that has not ended yet. */
export function activeExclusion(exclusion: Exclusion | null | undefined, now = Date.now()): Exclusion | null {
  return exclusion && Date.parse(exclusion.ends_at) > now ? exclusion : null;
}
