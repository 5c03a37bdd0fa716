import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast-store';
import { paths } from '@/config/paths';
import { formatDateTimeWAT } from '@/lib/lagos-time';
import { useDeleteMarquee, useMarquee, useSaveMarquee } from '@/features/admin/api/marquees';
import { LoadFailed, PageHeading, StatusBadge } from '@/features/admin/components/admin-ui';
import { ConfirmDialog } from '@/features/admin/components/confirm-dialog';
import { MarqueeForm } from '@/features/admin/components/marquee-form';
import { marqueeState } from '@/features/admin/lib/marquee-form';

/** /boss/marquees/{id}: edit one message, switch it off or on, or delete it. */
export function Component() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const message = useMarquee(slug);
  const save = useSaveMarquee();
  const remove = useDeleteMarquee();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const data = message.data;

  return (
    <section aria-labelledby="page-heading">
      <p className="admin-back">
        <Link to={paths.boss.marquee.getHref()}>← All messages</Link>
      </p>
      <PageHeading actions={data ? <StatusBadge status={marqueeState(data)} /> : null}>Marquee message</PageHeading>
      {data ? (
        <div className="card admin-card">
          <p className="admin-note marquee-dates">
            Created {formatDateTimeWAT(data.created_at)} · last changed {formatDateTimeWAT(data.updated_at)}
          </p>
          <MarqueeForm
            key={data.updated_at}
            message={data}
            extraActions={
              <>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={save.isPending}
                  onClick={() =>
                    save.mutate(
                      { id: data.id, input: { active: !data.active } },
                      { onSuccess: () => toast.success(data.active ? 'Message switched off' : 'Message switched on') },
                    )
                  }
                >
                  {data.active ? 'Deactivate' : 'Activate'}
                </button>
                <button type="button" className="button button--danger-ghost" onClick={() => setConfirmDelete(true)}>
                  Delete
                </button>
              </>
            }
          />
        </div>
      ) : message.isPending ? (
        <Spinner label="Loading the message…" />
      ) : (
        <LoadFailed what="This message" onRetry={() => void message.refetch()} />
      )}
      {confirmDelete && data ? (
        <ConfirmDialog
          title="Delete this message?"
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          tone="danger"
          onConfirm={() =>
            remove.mutateAsync(data.id).then(() => {
              toast.success('Message deleted');
              void navigate(paths.boss.marquee.getHref(), { replace: true });
            })
          }
          onClose={() => setConfirmDelete(false)}
        >
          <p>“{data.text}” disappears from the site at once. To hide it for a while instead, deactivate it.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
