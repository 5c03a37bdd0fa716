/** How a ticket reads on screen. Pure. */
import type { Ticket, TicketStatus } from '@/types/lotto';

export const STATUS_LABELS: Record<TicketStatus, string> = {
  pending: 'Pending',
  won: 'Won',
  lost: 'Lost',
  refunded: 'Refunded',
};

/** `5, 17, 23` or `TOP 1, 2 · BOTTOM 3, 4`. */
export function picksText(ticket: Pick<Ticket, 'numbers' | 'top' | 'bottom'>): string {
  if (ticket.top?.length || ticket.bottom?.length) {
    return `TOP ${(ticket.top ?? []).join(', ')} · BOTTOM ${(ticket.bottom ?? []).join(', ')}`;
  }
  return (ticket.numbers ?? []).join(', ');
}

/** The ticket's numbers that were drawn (its hits), for highlighting. */
export function hitsOf(ticket: Ticket): number[] {
  const drawn = ticket.draw?.numbers ?? [];
  const picks = [...(ticket.numbers ?? []), ...(ticket.top ?? []), ...(ticket.bottom ?? [])];
  return picks.filter((n) => drawn.includes(n));
}
