import type { Draw } from '@/types/lotto';
import { drawToVerifyV2, verifyDrawV2 } from '../fair-v2';
import { errorText, useChecks } from '../hooks/use-checks';
import { AllTicketsCheck } from './all-tickets-check';
import { CheckList } from './check-list';

/**
 * An `ayo-lotto/v2` draw: the seed against its commitment, the witness's secret against theirs (or that there was
 * no witness), and the balls and machine numbers from the seed, the tickets root and the witness's secret. Every
 * ticket can be checked against the root too, on request (it downloads the whole list).
 */
export function VerifyV2({ draw }: { draw: Draw }) {
  const input = drawToVerifyV2(draw);
  const checks = useChecks(['v2', input], () => verifyDrawV2(input));

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
        passed: `All checks passed: draw #${draw.id} is exactly what its seed${draw.witness ? ', its witness' : ''} and its tickets give.`,
        failed: `Draw #${draw.id} does not match its published values. Please contact us.`,
      }}
    >
      <p className="verify__seed">
        Seed <code>{draw.seed}</code>
      </p>
      {draw.tickets_root ? <AllTicketsCheck draw={draw} /> : null}
    </CheckList>
  );
}
