/** The outcome of the last approve or reject, announced: the new status in a word and the server's sentence. */
import { formatNaira } from '@/lib/format';
import { StatusBadge } from '@/features/admin/components/admin-ui';
import type { WithdrawalDecision } from '@/features/admin/types';

const WORDS: Record<string, string> = {
  success: 'Paid',
  processing: 'Processing',
  failed: 'Failed',
  rejected: 'Rejected',
};

type Props = { decision: WithdrawalDecision | null; onDismiss: () => void };

export function DecisionBanner({ decision, onDismiss }: Props) {
  const w = decision?.data;
  const tone = !w ? '' : w.status === 'success' ? 'good' : w.status === 'processing' ? 'info' : 'bad';
  return (
    <div role="status" aria-live="polite" className="decision-slot">
      {w ? (
        <div className={`decision decision--${tone}`} data-testid="withdrawal-decision">
          <p className="decision__title">
            Withdrawal #{w.id} · {formatNaira(w.amount)} to {w.account_name}{' '}
            <StatusBadge status={w.status} label={WORDS[w.status]} />
          </p>
          <p>
            {decision.message}
            {w.reason && (w.status === 'failed' || w.status === 'rejected') ? ` Reason: ${w.reason}` : ''}
          </p>
          <button type="button" className="button button--link" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
