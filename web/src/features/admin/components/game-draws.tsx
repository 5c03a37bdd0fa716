/**
 * A game's recent draws (newest first) with their results, and Cancel for a draw not yet drawn: a confirm
 * dialog with a mandatory reason, then POST /admin/draws/{id}/cancel (every ticket refunded in full). After sales
 * close the cancel is an emergency one: the dialog says that the seed and the would-be result are published.
 */
import { useState } from 'react';
import { LottoBalls } from '@/components/ui/lotto-balls';
import { toast } from '@/components/ui/toasts/toast-store';
import { formatShortDateTimeWAT, formatDateTimeWAT } from '@/lib/format';
import { useCancelDraw } from '@/features/admin/api/cancel-draw';
import { Missing, StatusBadge } from '@/features/admin/components/admin-ui';
import { ConfirmDialog } from '@/features/admin/components/confirm-dialog';
import { LocalTable } from '@/features/admin/components/local-table';
import type { Draw } from '@/types/lotto';

const CANCELLABLE = new Set(['scheduled', 'open', 'closed']);

export function canCancel(draw: Pick<Draw, 'status'>): boolean {
  return CANCELLABLE.has(draw.status);
}

/** Sales are over (closed, or past closing time): only an emergency cancel may stop it. */
export function salesOver(draw: Pick<Draw, 'status' | 'closes_at'>, now = Date.now()): boolean {
  return draw.status === 'closed' || (draw.status === 'open' && Date.parse(draw.closes_at) <= now);
}

export function GameDraws({ gameName, draws }: { gameName: string; draws: Draw[] }) {
  const [cancelling, setCancelling] = useState<Draw | null>(null);
  const cancel = useCancelDraw();
  const sorted = [...draws].sort((a, b) => Date.parse(b.draws_at) - Date.parse(a.draws_at));

  return (
    <>
      <LocalTable<Draw>
        caption={`Recent draws of ${gameName}`}
        rows={sorted}
        rowKey={(draw) => draw.id}
        empty="No draws yet."
        columns={[
          { key: 'id', header: 'Draw', rowHeader: true, cell: (draw) => `#${draw.id}` },
          {
            key: 'draws_at',
            header: 'Draw time',
            cell: (draw) => <span className="nowrap">{formatShortDateTimeWAT(draw.draws_at)}</span>,
          },
          {
            key: 'status',
            header: 'Status',
            cell: (draw) => (
              <>
                <StatusBadge status={draw.status} />
                {draw.cancelled_reason ? <span className="admin-note">{draw.cancelled_reason}</span> : null}
                {draw.settlement_halted ? (
                  <span className="admin-note" role="status">
                    Payouts halted: the shadow settlement disagrees (see the audit log)
                  </span>
                ) : null}
              </>
            ),
          },
          { key: 'tickets', header: 'Tickets', numeric: true, cell: (draw) => draw.ticket_count },
          {
            key: 'result',
            header: 'Result',
            cell: (draw) =>
              draw.numbers?.length ? (
                <LottoBalls numbers={draw.numbers} label={`Draw #${draw.id} winning numbers`} size="small" />
              ) : draw.would_be_numbers?.length ? (
                <>
                  <span className="admin-note">Would have drawn</span>
                  <LottoBalls
                    numbers={draw.would_be_numbers}
                    label={`Draw #${draw.id} would have drawn`}
                    size="small"
                  />
                </>
              ) : (
                <Missing />
              ),
          },
          {
            key: 'actions',
            header: 'Actions',
            hideLabel: true,
            cell: (draw) =>
              canCancel(draw) ? (
                <button
                  type="button"
                  className="button button--danger-ghost button--small"
                  onClick={() => setCancelling(draw)}
                  aria-label={`Cancel draw #${draw.id}`}
                >
                  Cancel
                </button>
              ) : null,
          },
        ]}
      />
      {cancelling ? (
        <ConfirmDialog
          title={salesOver(cancelling) ? `Emergency cancel of draw #${cancelling.id}?` : `Cancel draw #${cancelling.id}?`}
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
            {gameName}, draw at {formatDateTimeWAT(cancelling.draws_at)}. Every ticket on it (
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
