import type { Draw } from '@/types/lotto';
import { useTicketIds } from '../api/get-ticket-ids';
import { verifyDraw } from '../fair';
import { useChecks } from '../hooks/use-checks';
import { DrawCheckOutcome } from './draw-check-outcome';

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
  return (
    <DrawCheckOutcome
      draw={draw}
      checks={checks}
      passed={`All checks passed: draw #${draw.id} is exactly what its seed and tickets give.`}
    />
  );
}
