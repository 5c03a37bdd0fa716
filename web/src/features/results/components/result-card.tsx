import type { ReactNode } from 'react';
import { HashValue } from '@/components/ui/hash-value/hash-value';
import { cancelledText, DrawNumbers } from '@/components/lotto/draw-numbers';
import { LottoBalls } from '@/components/lotto/lotto-balls';
import { drawName } from '@/lib/draw-name';
import { formatDateTimeWAT } from '@/lib/lagos-time';
import type { Draw } from '@/types/lotto';
import { DrawStatusBadge } from './draw-status-badge';

type Props = {
  draw: Draw;
  /** Below the values: the Verify panel's button. */
  children?: ReactNode;
};

/**
 * One draw of the archive: game, number and time, its status, the balls (or why it was cancelled and what it
 * would have drawn), and every value needed to check it under one "Proof values" control, shortened with Copy and
 * the full text on request.
 */
export function ResultCard({ draw, children }: Props) {
  // Numbered draws are named by game and number ("Lotto Classic draw 128"); older ones keep "Game · Draw #id".
  const title = draw.number ? drawName(draw) : `${draw.game_name ?? 'Game'} · Draw #${draw.id}`;
  const of = `of draw ${draw.id}`;
  const v2 = draw.scheme === 'ayo-lotto/v2';
  return (
    <article className="result-card" aria-label={`${title} result`} data-draw-id={draw.id}>
      <div className="result-card__head">
        <h3 className="result-card__title">{title}</h3>
        <DrawStatusBadge status={draw.status} />
      </div>
      <p className="result-card__when">
        <time dateTime={draw.draws_at}>{formatDateTimeWAT(draw.draws_at)}</time>
      </p>

      {draw.status === 'cancelled' ? (
        <div className="result-card__cancelled">
          <p>{cancelledText(draw)}</p>
          {draw.would_be_numbers?.length ? (
            <div className="result-card__row">
              <span className="result-card__row-label">Would have drawn</span>
              <LottoBalls
                numbers={draw.would_be_numbers}
                size="small"
                label={`Numbers draw ${draw.id} would have drawn, in draw order`}
              />
            </div>
          ) : null}
        </div>
      ) : (
        <DrawNumbers draw={draw} rowClassName="result-card__row" labelClassName="result-card__row-label" />
      )}

      {/* The proof is for checking, not for reading every time: one control per card opens it (five hash rows per
          card made the archive a wall of hex on a phone). The Verify button below checks it without opening it. */}
      <details className="result-card__proof">
        <summary>
          Proof values<span className="visually-hidden"> {of}</span>
        </summary>
        <dl className="result-card__values">
          {draw.commitment ? <HashValue label="Commitment" value={draw.commitment} context={of} /> : null}
          {v2 && draw.tickets_root ? <HashValue label="Tickets root" value={draw.tickets_root} context={of} /> : null}
          {!v2 && draw.tickets_hash ? <HashValue label="Tickets hash" value={draw.tickets_hash} context={of} /> : null}
          {draw.seed ? <HashValue label="Seed" value={draw.seed} context={of} /> : null}
          {draw.witness ? (
            <>
              <HashValue label="Witness commitment" value={draw.witness.commitment} context={of} />
              {draw.witness.secret ? (
                <HashValue label="Witness secret" value={draw.witness.secret} context={of} />
              ) : (
                <div className="hash-value">
                  <dt className="hash-value__label">Witness secret</dt>
                  <dd className="hash-value__body">Not revealed</dd>
                </div>
              )}
            </>
          ) : null}
        </dl>
      </details>
      <p className="result-card__scheme">
        {draw.ticket_count} ticket{draw.ticket_count === 1 ? '' : 's'} · scheme {draw.scheme ?? 'ayo-lotto/v1'}
        {v2 && !draw.witness ? ' · no witness' : ''}
      </p>
      {children}
    </article>
  );
}
