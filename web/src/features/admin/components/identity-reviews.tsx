/**
 * /boss/identity-reviews: identity checks whose names did not clearly match, oldest first. Each shows the three
 * names side by side (registered, on the NIN, on the payout account), the match score and its reason, and the NIN
 * masked (admins never see a whole NIN). Approve lets the player withdraw; Reject tells them why. Both need a reason,
 * kept in the audit log.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast-store';
import { paths } from '@/config/paths';
import { formatShortDateTimeWAT } from '@/lib/lagos-time';
import { useDecideIdentity, useIdentityReviews, type IdentityDecision } from '@/features/admin/api/identity-reviews';
import { LoadFailed, StatusBadge } from '@/features/admin/components/admin-ui';
import { ConfirmDialog } from '@/features/admin/components/confirm-dialog';
import { DecisionButtons } from '@/features/admin/components/decision-buttons';
import { LocalTable, type LocalColumn } from '@/features/admin/components/local-table';
import type { IdentityReview } from '@/features/admin/types';
import './money-admin.css';

function Decide({ review: r }: { review: IdentityReview }) {
  const [open, setOpen] = useState<IdentityDecision | null>(null);
  const decide = useDecideIdentity();
  return (
    <div className="withdrawal-actions">
      <DecisionButtons
        approve={{ label: `Approve the identity of ${r.player_name}` }}
        reject={{ label: `Reject the identity of ${r.player_name}` }}
        onPick={setOpen}
      />
      {open ? (
        <ConfirmDialog
          title={open === 'approve' ? `Approve ${r.player_name}?` : `Reject ${r.player_name}?`}
          confirmLabel={open === 'approve' ? 'Approve' : 'Reject'}
          pendingLabel={open === 'approve' ? 'Approving…' : 'Rejecting…'}
          tone={open === 'approve' ? 'primary' : 'danger'}
          reason={{
            label: 'Reason',
            hint:
              open === 'approve'
                ? 'What convinced you these names are the same person (kept in the audit log).'
                : 'The player sees this reason.',
            minLength: 5,
            maxLength: 300,
          }}
          onConfirm={(reason) =>
            decide.mutateAsync({ id: r.id, decision: open, reason }).then((answer) => {
              toast.success(answer.message ?? (open === 'approve' ? 'Identity approved' : 'Identity rejected'));
            })
          }
          onClose={() => setOpen(null)}
        >
          <p>
            Registered as <strong>{r.player_name}</strong>; the {r.kind === 'vnin' ? 'virtual NIN' : 'NIN'}{' '}
            {r.masked_nin} is <strong>{r.name_on_id}</strong>
            {r.account_name ? (
              <>
                ; the payout account is <strong>{r.account_name}</strong>
              </>
            ) : null}
            .
          </p>
          <p className="admin-note">
            {open === 'approve'
              ? 'The player can withdraw to this account at once.'
              : 'The player cannot withdraw and may try again with another NIN.'}
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

const columns: LocalColumn<IdentityReview>[] = [
  {
    key: 'player',
    header: 'Player',
    rowHeader: true,
    cell: (r) => (
      <>
        <Link to={paths.boss.user.getHref(String(r.user_id))}>{r.player_name}</Link>
        <span className="admin-note">{r.email}</span>
      </>
    ),
  },
  {
    key: 'nin',
    header: 'Name on NIN',
    cell: (r) => (
      <>
        <strong>{r.name_on_id}</strong>
        <span className="admin-note nowrap">
          {r.kind === 'vnin' ? 'vNIN' : 'NIN'} {r.masked_nin} · {r.provider}
        </span>
      </>
    ),
  },
  { key: 'account', header: 'Payout account name', cell: (r) => r.account_name ?? <em>No account yet</em> },
  {
    key: 'score',
    header: 'Match',
    cell: (r) => (
      <>
        <StatusBadge status="review" label={`${r.score} / 100`} tone={r.score >= 50 ? 'warn' : 'bad'} />
        <span className="admin-note">{r.match_reason}</span>
      </>
    ),
  },
  {
    key: 'submitted',
    header: 'Sent',
    cell: (r) => <span className="admin-note nowrap">{formatShortDateTimeWAT(r.updated_at)}</span>,
  },
  { key: 'action', header: 'Decision', hideLabel: true, cell: (r) => <Decide review={r} /> },
];

export function IdentityReviews() {
  const list = useIdentityReviews();
  if (!list.data) {
    return list.isPending ? (
      <Spinner label="Loading the identity reviews…" />
    ) : (
      <LoadFailed what="The identity reviews" onRetry={() => void list.refetch()} />
    );
  }
  return (
    <section className="card admin-card" aria-labelledby="identity-waiting">
      <h2 id="identity-waiting" className="admin-section-title">
        Waiting for a decision ({list.data.length})
      </h2>
      <LocalTable<IdentityReview>
        caption="Identity checks waiting for review"
        rows={list.data}
        rowKey={(r) => r.id}
        empty="No identity checks are waiting."
        columns={columns}
      />
    </section>
  );
}
