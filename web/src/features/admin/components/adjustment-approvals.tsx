/**
 * /boss/approvals: wallet adjustments above the approval limit (GET /admin/adjustments). The waiting ones come
 * first, each with Approve and Reject behind a confirmation; the decided ones follow as a record. The server is
 * the judge of who may decide (never the admin who asked: `FOUR_EYES`), and its 422 sentence shows in the
 * confirmation; the page only marks the admin's own requests, so they know before they try.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast-store';
import { paths } from '@/config/paths';
import { formatNaira } from '@/lib/format';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import { useAuth } from '@/lib/session';
import { useAdjustments, useDecideAdjustment, type AdjustmentDecision } from '@/features/admin/api/adjustments';
import { LoadFailed, StatusBadge } from '@/features/admin/components/admin-ui';
import { ConfirmDialog } from '@/features/admin/components/confirm-dialog';
import { DecisionButtons } from '@/features/admin/components/decision-buttons';
import { heldForChecker } from '@/features/admin/lib/held-because';
import { LocalTable, type LocalColumn } from '@/features/admin/components/local-table';
import { SignedNaira } from '@/features/admin/components/money-cells';
import type { AdjustmentRequest } from '@/features/admin/types';
import './money-admin.css';

type Column = LocalColumn<AdjustmentRequest>;

const what = (a: AdjustmentRequest) => `${a.amount > 0 ? 'credit' : 'debit'} of ${formatNaira(Math.abs(a.amount))}`;

function Admin({ id, me, inSentence = false }: { id: number; me?: number; inSentence?: boolean }) {
  if (id === me) return <>{`${inSentence ? 'you' : 'You'} (admin #${id})`}</>;
  return <>{`${inSentence ? 'admin' : 'Admin'} #${id}`}</>;
}

function When({ at }: { at: string }) {
  return <span className="admin-note nowrap">{formatShortDateTimeWAT(at)}</span>;
}

function Decide({ adjustment: a }: { adjustment: AdjustmentRequest }) {
  const [open, setOpen] = useState<AdjustmentDecision | null>(null);
  const decide = useDecideAdjustment();
  const confirm = (decision: AdjustmentDecision) =>
    decide.mutateAsync({ id: a.id, decision }).then((answer) => {
      const data = answer.data;
      const balance = 'balance' in data ? `: new balance ${formatNaira(data.balance)}` : '';
      toast.success(`${answer.message ?? (decision === 'approve' ? 'Adjustment approved' : 'Adjustment rejected')}${balance}`);
    });
  return (
    <div className="withdrawal-actions">
      <DecisionButtons
        approve={{ label: `Approve request #${a.id} (${what(a)})` }}
        reject={{ label: `Reject request #${a.id} (${what(a)})` }}
        onPick={setOpen}
      />
      {open ? (
        <ConfirmDialog
          title={open === 'approve' ? `Approve request #${a.id}?` : `Reject request #${a.id}?`}
          confirmLabel={open === 'approve' ? `${a.amount > 0 ? 'Credit' : 'Debit'} ${formatNaira(Math.abs(a.amount))}` : 'Reject'}
          pendingLabel={open === 'approve' ? 'Applying…' : 'Rejecting…'}
          tone={open === 'approve' && a.amount > 0 ? 'primary' : 'danger'}
          onConfirm={() => confirm(open)}
          onClose={() => setOpen(null)}
        >
          <p>
            {open === 'approve' ? 'Apply' : 'Drop'} the <strong>{what(a)}</strong> {a.amount > 0 ? 'to' : 'from'} player
            #{a.user_id}’s wallet, asked for by admin #{a.requested_by}.
          </p>
          <p className="admin-note">Reason: {a.reason}</p>
          <p className="admin-note">{heldForChecker(a.held_because)}</p>
          <p className="admin-note">
            {open === 'approve'
              ? 'The money moves at once and the player sees the reason in their transactions.'
              : 'Nothing moves; the request stays on record as rejected.'}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function columns(me: number | undefined, last: Column[]): Column[] {
  return [
    { key: 'id', header: 'Request', rowHeader: true, cell: (a) => `#${a.id}` },
    {
      key: 'player',
      header: 'Player',
      cell: (a) => (
        <Link to={paths.boss.user.getHref(String(a.user_id))} className="nowrap">
          Player #{a.user_id}
        </Link>
      ),
    },
    { key: 'amount', header: 'Amount', numeric: true, cell: (a) => <SignedNaira kobo={a.amount} /> },
    { key: 'reason', header: 'Reason', cell: (a) => a.reason },
    {
      key: 'requested',
      header: 'Requested',
      cell: (a) => (
        <>
          <Admin id={a.requested_by} me={me} />
          <When at={a.created_at} />
        </>
      ),
    },
    ...last,
  ];
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card admin-card" aria-labelledby={id}>
      <h2 id={id} className="admin-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function AdjustmentApprovals() {
  const list = useAdjustments();
  const me = useAuth().user?.id;
  if (!list.data) {
    return list.isPending ? (
      <Spinner label="Loading the adjustments…" />
    ) : (
      <LoadFailed what="The adjustments" onRetry={() => void list.refetch()} />
    );
  }
  const waiting = list.data.filter((a) => a.status === 'pending');
  const decided = list.data.filter((a) => a.status !== 'pending');
  return (
    <>
      <Part id="approvals-waiting" title={`Waiting for a second admin (${waiting.length})`}>
        <LocalTable<AdjustmentRequest>
          caption="Adjustments waiting for approval"
          rows={waiting}
          rowKey={(a) => a.id}
          empty="No adjustments are waiting."
          columns={columns(me, [
            {
              key: 'action',
              header: 'Decision',
              hideLabel: true,
              cell: (a) => (
                <>
                  <Decide adjustment={a} />
                  {a.requested_by === me ? (
                    <span className="admin-note">You asked for this one: another admin must decide it.</span>
                  ) : null}
                </>
              ),
            },
          ])}
        />
      </Part>
      {decided.length > 0 ? (
        <Part id="approvals-decided" title={`Decided (${decided.length})`}>
          <LocalTable<AdjustmentRequest>
            caption="Decided adjustments"
            rows={decided}
            rowKey={(a) => a.id}
            empty="None yet."
            columns={columns(me, [
              {
                key: 'decision',
                header: 'Decision',
                cell: (a) => (
                  <>
                    <StatusBadge status={a.status} />
                    {a.decided_by !== null ? (
                      <span className="admin-note">
                        by <Admin id={a.decided_by} me={me} inSentence />
                      </span>
                    ) : null}
                    {a.decided_at ? <When at={a.decided_at} /> : null}
                  </>
                ),
              },
            ])}
          />
        </Part>
      ) : null}
    </>
  );
}
