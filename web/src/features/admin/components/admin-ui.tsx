/** Small pieces every back-office screen shares: the page heading, a status badge, a failed-load notice, a date cell. */
import type { ReactNode } from 'react';
import { formatDateTimeWAT, formatShortDateTimeWAT } from '@/lib/lagos-time';

export function PageHeading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="admin-heading">
      <h1 id="page-heading" className="boss__heading">
        {children}
      </h1>
      {actions ? <div className="admin-heading__actions">{actions}</div> : null}
    </div>
  );
}

export type BadgeTone = 'good' | 'warn' | 'bad' | 'info' | 'muted';

const TONES: Record<string, BadgeTone> = {
  active: 'good',
  live: 'good',
  open: 'good',
  won: 'good',
  success: 'good',
  approved: 'good',
  handled: 'muted',
  settled: 'muted',
  drawn: 'info',
  closed: 'warn',
  scheduled: 'info',
  pending: 'warn',
  processing: 'info',
  new: 'warn',
  paused: 'warn',
  suspended: 'bad',
  cancelled: 'bad',
  failed: 'bad',
  rejected: 'bad',
  lost: 'muted',
  refunded: 'info',
  reversed: 'info',
  inactive: 'muted',
};

/** A status as a word in a pill; the word carries the meaning, the colour only helps. */
export function StatusBadge({ status, label, tone }: { status: string; label?: string; tone?: BadgeTone }) {
  const word = label ?? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');
  return <span className={`admin-badge admin-badge--${tone ?? TONES[status] ?? 'muted'}`}>{word}</span>;
}

export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <p>{what} could not be loaded.</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** Text that may be missing: an en dash for screen and an explicit word for screen readers. */
export function Missing() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">none</span>
    </>
  );
}

/**
 * `Fri 27 Nov, 2:59 pm WAT` (or, `long`, `27 Nov 2026, 2:59 pm WAT`) for a table cell: it may break between the day
 * and the time, never inside either, so a date column stays narrow enough for a 1280 px table to show its last column.
 */
export function ShortStamp({ at, long = false }: { at: string; long?: boolean }) {
  const [day, time] = (long ? formatDateTimeWAT(at) : formatShortDateTimeWAT(at)).split(', ');
  return time ? (
    <>
      <span className="nowrap">{day},</span> <span className="nowrap">{time}</span>
    </>
  ) : (
    <span className="nowrap">{day}</span>
  );
}
