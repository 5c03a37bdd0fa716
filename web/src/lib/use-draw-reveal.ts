import { useEffect, useId, useState } from 'react';
import { claimAnnouncement, REVEAL_MS, revealElapsed } from '@/lib/landed-draws';

export type DrawReveal = {
  /** How far into the reveal the balls start (ms), while it runs; null once over or for a result not live. */
  revealFrom: number | null;
  /** This copy of the draw is the one that tells screen readers the result, once the balls are all out. */
  announces: boolean;
};

/**
 * The reveal of one draw's balls, for a component that mounts once the balls are known: where it stands at
 * mount, until it is over. Only the first copy of a draw on the page announces it (by its `useId`, so a render
 * run twice claims it once).
 */
export function useDrawReveal(drawId: number): DrawReveal {
  const owner = useId();
  const [startedAt] = useState(() => revealElapsed(drawId, Date.now()));
  const [announces] = useState(() => startedAt !== null && claimAnnouncement(drawId, owner));
  const [over, setOver] = useState(startedAt === null);
  useEffect(() => {
    if (startedAt === null) return undefined;
    const timer = setTimeout(() => setOver(true), Math.max(0, REVEAL_MS - startedAt));
    return () => clearTimeout(timer);
  }, [startedAt]);
  return { revealFrom: over ? null : startedAt, announces: announces && over };
}
