import { LottoBalls } from '@/components/lotto/lotto-balls';
import type { Ticket } from '@/types/lotto';

/** A ticket's numbers as small balls (drawn ones filled), or TOP and BOTTOM groups for an AGAINST bet. */
export function TicketPicks({ ticket }: { ticket: Pick<Ticket, 'id' | 'numbers' | 'top' | 'bottom' | 'draw'> }) {
  const hits = ticket.draw?.numbers ?? undefined;
  if (ticket.top?.length || ticket.bottom?.length) {
    return (
      <div className="ticket-picks">
        <span className="ticket-picks__label">Top</span>
        <LottoBalls numbers={ticket.top ?? []} label={`Ticket ${ticket.id} top numbers`} size="small" hits={hits} />
        <span className="ticket-picks__label">Bottom</span>
        <LottoBalls numbers={ticket.bottom ?? []} label={`Ticket ${ticket.id} bottom numbers`} size="small" hits={hits} />
      </div>
    );
  }
  return <LottoBalls numbers={ticket.numbers ?? []} label={`Ticket ${ticket.id} numbers`} size="small" hits={hits} />;
}
