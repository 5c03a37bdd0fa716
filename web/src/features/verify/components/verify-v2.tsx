import type { Draw } from '@/types/lotto';
import { drawToVerifyV2, verifyDrawV2 } from '../fair-v2';
import { useChecks } from '../hooks/use-checks';
import { AllTicketsCheck } from './all-tickets-check';
import { DrawCheckOutcome } from './draw-check-outcome';

/**
 * An `ayo-lotto/v2` draw: the seed against its commitment, the witness's secret against theirs (or that there was
 * no witness), and the balls and machine numbers from the seed, the tickets root and the witness's secret. Every
 * ticket can be checked against the root too, on request (it downloads the whole list).
 */
export function VerifyV2({ draw }: { draw: Draw }) {
  const input = drawToVerifyV2(draw);
  const checks = useChecks(['v2', input], () => verifyDrawV2(input));

  const witness = draw.witness ? ', its witness' : '';
  return (
    <DrawCheckOutcome
      draw={draw}
      checks={checks}
      passed={`All checks passed: draw #${draw.id} is exactly what its seed${witness} and its tickets give.`}
    >
      {draw.tickets_root ? <AllTicketsCheck draw={draw} /> : null}
    </DrawCheckOutcome>
  );
}
