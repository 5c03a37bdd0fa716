import type { DrawStatus } from '@/types/lotto';

const LABELS: Record<DrawStatus, string> = {
  scheduled: 'Scheduled',
  open: 'On sale',
  closed: 'Sales closed',
  drawn: 'Drawn',
  settled: 'Settled',
  cancelled: 'Cancelled',
};

/** A draw's status as a word in a badge (the colour only helps). */
export function DrawStatusBadge({ status }: { status: DrawStatus }) {
  return (
    <span className={`badge draw-badge--${status}`} data-testid="draw-status">
      {LABELS[status] ?? status}
    </span>
  );
}
