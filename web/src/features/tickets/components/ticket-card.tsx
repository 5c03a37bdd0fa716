import type { ReactNode } from 'react';
import { LottoBalls } from '@/components/lotto/lotto-balls';
import { ticketDrawName } from '@/lib/draw-name';
import { formatNaira } from '@/lib/format';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import { betTypeLabel } from '@/lotto';
import type { Ticket } from '@/types/lotto';
import { hitsOf } from '../ticket-format';
import { StatusBadge } from './status-badge';

/**
 * One ticket as a card: game and draw, status, bet, picks (drawn ones filled), stake and winnings; `children` go
 * at the foot (the receipt).
 */
export function TicketCard({ ticket, children }: { ticket: Ticket; children?: ReactNode }) {
  const hits = hitsOf(ticket);
  const group = (label: string, numbers: number[] | null) =>
    numbers && numbers.length > 0 ? (
      <div className="ticket-card__group">
        <span className="ticket-card__group-label">{label}</span>
        <LottoBalls numbers={numbers} size="small" hits={hits} label={`${label} numbers`} />
      </div>
    ) : null;
  return (
    <article
      className="ticket-card"
      aria-label={`Ticket ${ticket.id}`}
      data-ticket-id={ticket.id}
      data-ticket-draw-id={ticket.draw_id}
    >
      <div className="ticket-card__head">
        <p className="ticket-card__title">
          {ticket.draw?.number ? ticketDrawName(ticket) : `${ticket.game_name ?? 'Game'} · Draw #${ticket.draw_id}`}
        </p>
        <StatusBadge status={ticket.status} />
      </div>
      <p className="ticket-card__bet">
        {betTypeLabel(ticket.bet_type)} · {ticket.lines} {ticket.lines === 1 ? 'line' : 'lines'} ×{' '}
        {formatNaira(ticket.stake_per_line)}
      </p>
      {ticket.top?.length || ticket.bottom?.length ? (
        <>
          {group('TOP', ticket.top)}
          {group('BOTTOM', ticket.bottom)}
        </>
      ) : (
        <LottoBalls numbers={ticket.numbers ?? []} size="small" hits={hits} label="Your numbers" />
      )}
      <dl className="ticket-card__money">
        <div>
          <dt>Stake</dt>
          <dd>{formatNaira(ticket.total_stake)}</dd>
        </div>
        <div>
          <dt>{ticket.status === 'pending' ? 'Win up to' : 'Winnings'}</dt>
          <dd className={ticket.status === 'won' ? 'ticket-card__won' : undefined}>
            {formatNaira(ticket.status === 'pending' ? ticket.potential_win : ticket.winnings)}
          </dd>
        </div>
        {ticket.tax ? (
          <>
            <div>
              <dt>Withholding tax</dt>
              <dd>−{formatNaira(ticket.tax)}</dd>
            </div>
            <div>
              <dt>Paid to you</dt>
              <dd className="ticket-card__won">{formatNaira(ticket.net_winnings ?? ticket.winnings - ticket.tax)}</dd>
            </div>
          </>
        ) : null}
        {ticket.status === 'won' ? (
          <div>
            <dt>Lines won</dt>
            <dd>{ticket.lines_won}</dd>
          </div>
        ) : null}
      </dl>
      <p className="ticket-card__time">
        Ticket #{ticket.id} · bought {formatShortDateTimeWAT(ticket.created_at)}
      </p>
      {children}
    </article>
  );
}
