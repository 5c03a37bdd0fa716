import type { Draw } from '@/types/lotto';
import { useTicketIds } from '../api/get-ticket-ids';
import { verifyDraw } from '../fair';
import { errorText, useChecks } from '../hooks/use-checks';
import { CheckList } from './check-list';

/** An `ayo-lotto/v1` draw: its seed, commitment, the hash of its ticket ids, its balls and machine numbers. */
export function VerifyV1({ draw }: { draw: Draw }) {
  const ids = useTicketIds(draw.id);
  const { id, seed, commitment, tickets_hash: ticketsHash, numbers, machine_numbers: machineNumbers } = draw;
  const checks = useChecks(
    ['v1', id, seed, commitment, ticketsHash, numbers, machineNumbers, ids.data],
    () =>
      verifyDraw({ id, seed, commitment, tickets_hash: ticketsHash, numbers, machine_numbers: machineNumbers }, ids.data ?? []),
    Boolean(ids.data),
  );

  if (ids.isError) {
    return (
      <div className="verify" role="alert">
        We could not fetch this draw&apos;s ticket list.
      </div>
    );
  }
  if (checks.isError) {
    return (
      <div className="verify" role="alert">
        {errorText(checks.error)}
      </div>
    );
  }
  if (!checks.data) {
    return (
      <div className="verify" role="status">
        Checking draw #{draw.id} in your browser…
      </div>
    );
  }
  return (
    <CheckList
      checks={checks.data}
      testId={`verify-${draw.id}`}
      verdict={{
        passed: `All checks passed: draw #${draw.id} is exactly what its seed and tickets give.`,
        failed: `Draw #${draw.id} does not match its published values. Please contact us.`,
      }}
    >
      <p className="verify__seed">
        Seed <code>{draw.seed}</code>
      </p>
    </CheckList>
  );
}
