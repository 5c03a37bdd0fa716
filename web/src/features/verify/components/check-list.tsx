import type { ReactNode } from 'react';
import type { Check } from '../check';

type VerdictProps = {
  checks: Check[];
  /** The verdict when every check passes, and when one fails. */
  passed: string;
  failed: string;
  /** A live status of its own; off when it sits in a live region that was on the page before it. */
  live?: boolean;
};

/** "✓ All checks passed…" or "✗ … does not match": the whole outcome in one sentence. */
export function Verdict({ checks, passed, failed, live = true }: VerdictProps) {
  const ok = checks.every((check) => check.ok);
  return (
    <p className={`verify__verdict verify__verdict--${ok ? 'ok' : 'bad'}`} role={live ? 'status' : undefined}>
      {ok ? `✓ ${passed}` : `✗ ${failed}`}
    </p>
  );
}

type Props = {
  checks: Check[];
  /** The verdict above the checks; left out when the caller shows it in its own live region. */
  verdict?: Omit<VerdictProps, 'checks'>;
  testId?: string;
  /** Under the checks: the seed, a further check to run. */
  children?: ReactNode;
};

/**
 * The outcome of a set of checks: a verdict first (a live status, so a screen reader hears it as soon as it
 * appears), then each check with ✓, ✗ or – (nothing to check) and its words, and the values compared on request.
 */
export function CheckList({ checks, verdict, testId, children }: Props) {
  return (
    <div className="verify" data-testid={testId}>
      {verdict ? <Verdict checks={checks} {...verdict} /> : null}
      <ol className="verify__checks" aria-label="Checks">
        {checks.map((check) => {
          const state = check.notApplicable ? 'none' : check.ok ? 'ok' : 'bad';
          return (
            <li key={check.id} className={`verify__check verify__check--${state}`}>
              <span className="verify__mark" aria-hidden="true">
                {state === 'none' ? '–' : state === 'ok' ? '✓' : '✗'}
              </span>
              <div>
                <p className="verify__title">
                  <span className="visually-hidden">
                    {state === 'none' ? 'Nothing to check: ' : state === 'ok' ? 'Passed: ' : 'Failed: '}
                  </span>
                  {check.title}
                </p>
                <p className="verify__detail">{check.detail}</p>
                {check.values.length > 0 ? (
                  <details className="verify__values">
                    <summary>Show the values</summary>
                    <dl>
                      {check.values.map(({ label, value }, i) => (
                        <div key={`${i}-${label}`}>
                          <dt>{label}</dt>
                          <dd>
                            <code>{value}</code>
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </details>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      {children}
    </div>
  );
}
