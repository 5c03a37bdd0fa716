import { lazy, Suspense, useId, useState } from 'react';
import type { Draw } from '@/types/lotto';

const VerifyPanel = lazy(() => import('./verify-panel'));

/** "Verify this result": opens the Verify panel (its code arrives only now) under a drawn result. */
export function VerifyToggle({ draw }: { draw: Draw }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!draw.seed || !draw.numbers) return null;
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
