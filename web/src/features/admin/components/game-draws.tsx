/**
 * One game's draws (GET /admin/games/{id}/draws), a docs/product.md §15 table, latest draw time first, refreshed every
 * 30 s, with the result of each and Cancel for a draw not yet drawn: a confirm dialog with a mandatory reason, then
 * POST /admin/draws/{id}/cancel (every ticket refunded in full). After sales close the cancel is an emergency
 * one: the dialog says that the seed and the would-be result are published.
 */
import { useMemo, useState } from 'react';
import type { Column } from '@/components/data-table/column';
import { LottoBalls } from '@/components/lotto/lotto-balls';
import { toast } from '@/lib/toast-store';
import { formatDateTimeWAT, formatShortDateTimeWAT } from '@/lib/lagos-time';
import { useCancelDraw } from '@/features/admin/api/cancel-draw';
import { DRAWS_REFRESH_MS, gameDrawsPath } from '@/features/admin/api/get-games';
import { Missing, StatusBadge } from '@/features/admin/components/admin-ui';
import { AdminList } from '@/features/admin/components/admin-list';
import { ConfirmDialog } from '@/features/admin/components/confirm-dialog';
import type { Draw } from '@/types/lotto';

const CANCELLABLE = new Set(['scheduled', 'open', 'closed']);

export function canCancel(draw: Pick<Draw, 'status'>): boolean {
  return CANCELLABLE.has(draw.status);
}

/** Sales are over (closed, or past closing time): only an emergency cancel may stop it. */
export function salesOver(draw: Pick<Draw, 'status' | 'closes_at'>, now = Date.now()): boolean {
  return draw.status === 'closed' || (draw.status === 'open' && Date.parse(draw.closes_at) <= now);
}

type OnCancel = (draw: Draw) => void;

/** Why a draw was cancelled, and whether its payouts are halted: inline in a table cell, as paragraphs on a card. */
function DrawNotes({ draw, as: Note }: { draw: Draw; as: 'span' | 'p' }) {
  return (
    <>
      {draw.cancelled_reason ? <Note className="admin-note">{draw.cancelled_reason}</Note> : null}
      {draw.settlement_halted ? (
        <Note className="admin-note" role="status">
          Payouts halted: the shadow settlement disagrees (see the audit log)
        </Note>
      ) : null}
    </>
  );
}

function DrawStatus({ draw }: { draw: Draw }) {
  return (
    <>
      <StatusBadge status={draw.status} />
      <DrawNotes draw={draw} as="span" />
    </>
  );
}

function DrawResult({ draw }: { draw: Draw }) {
  if (draw.numbers?.length) {
    return <LottoBalls numbers={draw.numbers} label={`Draw #${draw.id} winning numbers`} size="small" />;
  }
  if (draw.would_be_numbers?.length) {
    return (
      <>
        <span className="admin-note">Would have drawn</span>
        <LottoBalls numbers={draw.would_be_numbers} label={`Draw #${draw.id} would have drawn`} size="small" />
      </>
    );
  }
  return <Missing />;
}

function CancelButton({ draw, onCancel }: { draw: Draw; onCancel: OnCancel }) {
  if (!canCancel(draw)) return null;
  return (
    <button
      type="button"
      className="button button--danger-ghost button--small"
      onClick={() => onCancel(draw)}
      aria-label={`Cancel draw #${draw.id}`}
    >
      Cancel
    </button>
  );
}

function drawColumns(onCancel: OnCancel): Column<Draw>[] {
  return [
    { key: 'id', header: 'Draw', sortable: true, rowHeader: true, cell: (d) => `#${d.id}` },
    {
      key: 'draws_at',
      header: 'Draw time',
      sortable: true,
      cell: (d) => (
        <>
          <span className="nowrap">{formatShortDateTimeWAT(d.draws_at)}</span>
          <span className="admin-note nowrap">Sales close {formatShortDateTimeWAT(d.closes_at)}</span>
        </>
      ),
    },
    { key: 'status', header: 'Status', sortable: true, cell: (d) => <DrawStatus draw={d} /> },
    { key: 'ticket_count', header: 'Tickets', sortable: true, numeric: true, cell: (d) => d.ticket_count },
    { key: 'numbers', header: 'Result', cell: (d) => <DrawResult draw={d} /> },
    { key: 'actions', header: 'Actions', cell: (d) => <CancelButton draw={d} onCancel={onCancel} /> },
  ];
}

/** On a phone a draw reads as a card: which and when, how it stands, its result, then Cancel. */
function DrawCard({ draw, onCancel }: { draw: Draw; onCancel: OnCancel }) {
  return (
    <article className="admin-item" aria-label={`Draw #${draw.id}`}>
      <div className="admin-item__head">
        <strong className="admin-item__title">Draw #{draw.id}</strong>
        <StatusBadge status={draw.status} />
      </div>
      <p className="admin-note">
        {formatShortDateTimeWAT(draw.draws_at)} · sales close {formatShortDateTimeWAT(draw.closes_at)} ·{' '}
        {draw.ticket_count} {draw.ticket_count === 1 ? 'ticket' : 'tickets'}
      </p>
      <DrawNotes draw={draw} as="p" />
      <DrawResult draw={draw} />
      <CancelButton draw={draw} onCancel={onCancel} />
    </article>
  );
}

export function GameDraws({ gameId, gameName }: { gameId: number | string; gameName: string }) {
  const [cancelling, setCancelling] = useState<Draw | null>(null);
  const cancel = useCancelDraw();
  const columns = useMemo(() => drawColumns(setCancelling), []);

  return (
    <>
      <AdminList<Draw>
        path={gameDrawsPath(gameId)}
        caption={`Draws of ${gameName}`}
        columns={columns}
        rowKey={(d) => d.id}
        initial={{ sortBy: 'draws_at' }}
        refreshEvery={DRAWS_REFRESH_MS}
        searchLabel="Search draws"
        searchPlaceholder="Draw number or status"
        emptyMessage="No draws yet."
        renderCard={(d) => <DrawCard draw={d} onCancel={setCancelling} />}
      />
      {cancelling ? (
        <ConfirmDialog
          title={
            salesOver(cancelling) ? `Emergency cancel of draw #${cancelling.id}?` : `Cancel draw #${cancelling.id}?`
          }
          confirmLabel={salesOver(cancelling) ? 'Cancel and publish the seed' : 'Cancel the draw'}
          pendingLabel="Cancelling…"
          tone="danger"
          reason={{
            label: 'Reason',
            hint: 'Recorded in the audit log (at least 5 characters).',
            minLength: 5,
            maxLength: 500,
          }}
          onConfirm={(reason) =>
            cancel.mutateAsync({ id: cancelling.id, reason, emergency: salesOver(cancelling) }).then((answer) => {
              toast.success(answer.message ?? 'Draw cancelled');
            })
          }
          onClose={() => setCancelling(null)}
        >
          <p>
            {cancelling.game_name ?? gameName}, draw at {formatDateTimeWAT(cancelling.draws_at)}. Every ticket on it (
            {cancelling.ticket_count}) is refunded in full. This cannot be undone.
          </p>
          {salesOver(cancelling) ? (
            <p className="admin-note">
              Sales have closed, so this is an emergency cancel: the draw’s seed and the numbers it would have drawn
              are published with your reason, for every player to check, and the cancel is in the audit log.
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
