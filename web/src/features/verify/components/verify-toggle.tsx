import { lazy, Suspense, useId, useState } from 'react';
import type { Draw } from '@/types/lotto';

const VerifyPanel = lazy(() => import('./verify-panel'));

/**
 * Is there a result to recompute: a drawn draw, or (v2) one cancelled after close with the balls it would have
 * had. Written out here rather than imported, so the checker's code stays out of the page until it is opened.
 */
function checkable(draw: Draw): boolean {
  if (!draw.seed) return false;
  if (draw.numbers) return true;
  return draw.scheme === 'ayo-lotto/v2' && Boolean(draw.would_be_numbers?.length);
}

/** "Verify this result": opens the Verify panel (its code arrives only now) under a drawn result. */
export function VerifyToggle({ draw }: { draw: Draw }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!checkable(draw)) return null;
  return (
    <div className="verify-toggle">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide check' : 'Verify this result'}
      </button>
      <div id={id}>
        {open ? (
          <Suspense fallback={<p role="status">Loading the checker…</p>}>
            <VerifyPanel draw={draw} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
