/**
 * The risk desk (docs/decisions/048-exact-liability.md, 053): for one open draw, its worst case against the game's
 * reserve (with an alert past the warning share), stakes and expected margin, a heat map of the 90 numbers (a table:
 * each cell names its number and what rides on it, the shade only helps), the riskiest pairs and triples, and a form
 * to close or reopen numbers with a reason (audited). Live: updated from the server's `risk.updated` pushes, polled
 * only while the socket is down (`useLiveDrawRisk`).
 */
import { type FormEvent, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatCount, formatNaira } from '@/lib/format';
import { toast } from '@/lib/toast-store';
import {
  type ComboRisk,
  type DrawRisk,
  pastWarning,
  RESERVE_WARNING_PERCENT,
  useCloseNumbers,
} from '@/features/admin/api/draw-risk';
import { useLiveDrawRisk } from '@/features/admin/hooks/use-live-draw-risk';
import { LoadFailed } from '@/features/admin/components/admin-ui';
import './risk-desk.css';

const COLUMNS = 10;

/** How heavy a number is next to the heaviest, in five steps (0–4), for the cell's shade. */
function shade(payout: number, most: number): number {
  if (most <= 0 || payout <= 0) return 0;
  return Math.min(4, Math.ceil((payout / most) * 4));
}

export function RiskSummary({ risk }: { risk: DrawRisk }) {
  const warn = pastWarning(risk);
  return (
    <>
      {warn ? (
        <p className="risk-desk__alert" role="alert">
          Draw #{risk.draw_id} has passed {RESERVE_WARNING_PERCENT}% of its reserve: its worst case is{' '}
          {risk.reserve_used_percent}% of it.
        </p>
      ) : null}
      <dl className="risk-desk__figures">
        <div>
          <dt>Worst case (gross, before tax)</dt>
          <dd>
            {formatNaira(risk.worst_case_payout)}
            {risk.worst_case_searching ? (
              <span className="admin-note"> (at most: the exact figure is still being worked out)</span>
            ) : risk.exact ? null : (
              <span className="admin-note"> (an over-estimate)</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Reserve</dt>
          <dd>
            {risk.reserve === null ? 'No limit' : formatNaira(risk.reserve)}
            {risk.reserve_used_percent === null ? null : (
              <>
                {' '}
                <meter
                  min={0}
                  max={100}
                  low={RESERVE_WARNING_PERCENT}
                  high={RESERVE_WARNING_PERCENT}
                  optimum={0}
                  value={Math.min(100, risk.reserve_used_percent)}
                  aria-label="Share of the reserve the worst case takes"
                />{' '}
                {risk.reserve_used_percent}% used
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Stakes</dt>
          <dd>
            {formatNaira(risk.stakes)} on {formatCount(risk.tickets)} tickets
          </dd>
        </div>
        <div>
          <dt>Expected payout</dt>
          <dd>{formatNaira(risk.expected_payout)}</dd>
        </div>
        <div>
          <dt>Expected margin</dt>
          <dd>{formatNaira(risk.expected_margin)}</dd>
        </div>
        <div>
          <dt>Worst result</dt>
          <dd>
            {risk.worst_case_searching ? 'Being worked out' : risk.worst_case_payout > 0 ? risk.worst_case_balls.join(', ') : '—'}
          </dd>
        </div>
      </dl>
    </>
  );
}

/** The 90 numbers as a table of 9 rows of 10: each cell says its number, what rides on it and whether it is closed. */
export function RiskHeatMap({ risk }: { risk: DrawRisk }) {
  const closed = new Set(risk.closed_numbers);
  const most = Math.max(0, ...risk.numbers.map((n) => n.payout));
  const rows: DrawRisk['numbers'][] = [];
  for (let at = 0; at < risk.numbers.length; at += COLUMNS) rows.push(risk.numbers.slice(at, at + COLUMNS));
  return (
    <table className="risk-heat">
      <caption>What rides on each number alone (NAP1 and BANKER), and its stake</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row[0]?.number}>
            {row.map((n) => {
              const label = `${n.number}: ${formatNaira(n.payout)} riding, ${formatNaira(n.stake)} staked${closed.has(n.number) ? ', closed' : ''}`;
              return (
                <td
                  key={n.number}
                  className={`risk-heat__cell risk-heat__cell--${shade(n.payout, most)}${closed.has(n.number) ? ' risk-heat__cell--closed' : ''}`}
                  aria-label={label}
                  title={label}
                >
                  <span className="risk-heat__number">{n.number}</span>
                  {closed.has(n.number) ? <span className="risk-heat__closed">closed</span> : null}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Combos({ title, combos }: { title: string; combos: ComboRisk[] }) {
  return (
    <section className="risk-desk__combos">
      <h3>{title}</h3>
      {combos.length === 0 ? (
        <p className="empty-state">None sold yet.</p>
      ) : (
        <ol>
          {combos.map((c) => (
            <li key={c.numbers.join('-')}>
              {c.numbers.join(' and ')}: {formatNaira(c.payout)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Numbers typed as "7, 21 40": the whole numbers in it. */
export function parseNumbers(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n));
}

export function CloseNumbersForm({ drawId }: { drawId: number }) {
  const [numbers, setNumbers] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ numbers?: string; reason?: string }>({});
  const mutation = useCloseNumbers();
  const submit = (close: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    setErrors({});
    mutation.mutate(
      { drawId, numbers: parseNumbers(numbers), reason, close },
      {
        onSuccess: (response) => {
          toast.success(response.message ?? (close ? 'Numbers closed' : 'Numbers reopened'));
          setNumbers('');
          setReason('');
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            setErrors({ numbers: error.fieldError('numbers'), reason: error.fieldError('reason') ?? error.message });
          }
        },
      },
    );
  };
  const id = `risk-${drawId}`;
  return (
    <form className="risk-desk__form" onSubmit={submit(true)} aria-label={`Close or reopen numbers of draw #${drawId}`}>
      <div className="field">
        <label htmlFor={`${id}-numbers`}>Numbers</label>
        <input
          id={`${id}-numbers`}
          inputMode="numeric"
          value={numbers}
          onChange={(e) => setNumbers(e.target.value)}
          aria-describedby={errors.numbers ? `${id}-numbers-error` : undefined}
          aria-invalid={errors.numbers ? true : undefined}
        />
        {errors.numbers ? (
          <p id={`${id}-numbers-error`} className="field__error" role="alert">
            {errors.numbers}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason</label>
        <input
          id={`${id}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          aria-invalid={errors.reason ? true : undefined}
        />
        {errors.reason ? (
          <p id={`${id}-reason-error`} className="field__error" role="alert">
            {errors.reason}
          </p>
        ) : null}
      </div>
      <div className="risk-desk__actions">
        <button type="submit" className="button button--danger button--small" disabled={mutation.isPending}>
          Close numbers
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={mutation.isPending}
          onClick={() => submit(false)()}
        >
          Reopen numbers
        </button>
      </div>
    </form>
  );
}

/** One open draw's panel on the desk. */
export function DrawRiskPanel({ drawId, title }: { drawId: number; title: string }) {
  const risk = useLiveDrawRisk(drawId);
  return (
    <section className="risk-desk__draw" aria-labelledby={`risk-${drawId}-title`}>
      <h2 id={`risk-${drawId}-title`}>{title}</h2>
      {risk.data ? (
        <>
          <RiskSummary risk={risk.data} />
          <RiskHeatMap risk={risk.data} />
          <div className="risk-desk__lists">
            <Combos title="Riskiest pairs" combos={risk.data.top_pairs} />
            <Combos title="Riskiest triples" combos={risk.data.top_triples} />
          </div>
          <p>
            Closed numbers:{' '}
            {risk.data.closed_numbers.length === 0 ? 'none' : risk.data.closed_numbers.join(', ')}
          </p>
          <CloseNumbersForm drawId={drawId} />
        </>
      ) : risk.isPending ? (
        <Spinner label="Reading the draw's risk…" />
      ) : risk.error instanceof ApiError && risk.error.status === 409 ? (
        <p className="empty-state">{risk.error.message}</p>
      ) : (
        <LoadFailed what="The draw's risk" onRetry={() => void risk.refetch()} />
      )}
    </section>
  );
}
