import type { TicketStatus } from '@/types/lotto';
import { STATUS_LABELS } from '../ticket-format';

/** A ticket's status as a word in a badge (the colour only helps). */
export function StatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span className={`badge badge--${status}`} data-testid="ticket-status">
      {STATUS_LABELS[status] ?? status}
    </span>
  );
}
