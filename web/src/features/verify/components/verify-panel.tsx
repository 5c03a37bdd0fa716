/**
 * The Verify panel (PRODUCT §3): recomputes a drawn result in this browser, with WebCrypto, from the revealed
 * seed, the published commitment and tickets hash and the draw's ticket list, and shows each check with ✓ or ✗
 * and what was compared. Loaded only when a player opens it.
 */
import { useEffect, useState } from 'react';
import type { Draw } from '@/types/lotto';
import { useTicketIds } from '../api/get-ticket-ids';
import { verifyDraw, type Check } from '../fair';
import './verify.css';

type Outcome = { checks: Check[] } | { error: string } | null;

export default function VerifyPanel({ draw }: { draw: Draw }) {
  const ids = useTicketIds(draw.id);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { seed, commitment, tickets_hash: ticketsHash, numbers, machine_numbers: machineNumbers } = draw;

  useEffect(() => {
    if (!ids.data) return;
    let live = true;
    verifyDraw({ id: draw.id, seed, commitment, tickets_hash: ticketsHash, numbers, machine_numbers: machineNumbers }, ids.data)
      .then((checks) => live && setOutcome({ checks }))
      .catch((error: unknown) => live && setOutcome({ error: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
  }, [ids.data, draw.id, seed, commitment, ticketsHash, numbers, machineNumbers]);

  if (ids.isError) {
    return (
      <div className="verify" role="alert">
        We could not fetch this draw&apos;s ticket list.
      </div>
    );
  }
  if (!outcome) {
    return (
      <div className="verify" role="status">
        Checking draw #{draw.id} in your browser…
      </div>
    );
  }
  if ('error' in outcome) {
    return (
      <div className="verify" role="alert">
        {outcome.error}
      </div>
    );
  }
  const passed = outcome.checks.every((check) => check.ok);
  return (
    <div className="verify" data-testid={`verify-${draw.id}`}>
      <p className={`verify__verdict verify__verdict--${passed ? 'ok' : 'bad'}`} role="status">
        {passed
          ? `✓ All checks passed: draw #${draw.id} is exactly what its seed and tickets give.`
          : `✗ Draw #${draw.id} does not match its published values. Please contact us.`}
      </p>
      <ol className="verify__checks">
        {outcome.checks.map((check) => (
          <li key={check.id} className={`verify__check verify__check--${check.ok ? 'ok' : 'bad'}`}>
            <span className="verify__mark" aria-hidden="true">
              {check.ok ? '✓' : '✗'}
            </span>
            <div>
              <p className="verify__title">
                <span className="visually-hidden">{check.ok ? 'Passed: ' : 'Failed: '}</span>
                {check.title}
              </p>
              <p className="verify__detail">{check.detail}</p>
              <details className="verify__values">
                <summary>Show the values</summary>
                <dl>
                  {check.values.map(({ label, value }) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>
                        <code>{value}</code>
                      </dd>
                    </div>
                  ))}
                </dl>
              </details>
            </div>
          </li>
        ))}
      </ol>
      <p className="verify__seed">
        Seed <code>{draw.seed}</code>
      </p>
    </div>
  );
}
