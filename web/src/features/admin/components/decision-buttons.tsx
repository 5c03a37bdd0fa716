/**
 * The Approve and Reject buttons of something waiting for an admin's decision (a withdrawal, an adjustment another
 * admin asked for, an identity check). Each names what it decides for a screen reader, and only picks: the caller
 * opens its own confirmation for the pick.
 */
export type Decision = 'approve' | 'reject';

type Props = {
  /** The approve button's accessible name, and its text when it is not "Approve". */
  approve: { label: string; text?: string };
  /** The reject button's accessible name; null when rejecting is not offered. */
  reject: { label: string } | null;
  onPick: (decision: Decision) => void;
};

export function DecisionButtons({ approve, reject, onPick }: Props) {
  return (
    <>
      <button
        type="button"
        className="button button--primary button--small"
        onClick={() => onPick('approve')}
        aria-label={approve.label}
      >
        {approve.text ?? 'Approve'}
      </button>
      {reject ? (
        <button
          type="button"
          className="button button--danger-ghost button--small"
          onClick={() => onPick('reject')}
          aria-label={reject.label}
        >
          Reject
        </button>
      ) : null}
    </>
  );
}
