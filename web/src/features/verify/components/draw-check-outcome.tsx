import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Draw } from '@/types/lotto';
import type { Check } from '../check';
import { errorText } from '../hooks/use-checks';
import { CheckList } from './check-list';

type Props = {
  draw: Draw;
  checks: UseQueryResult<Check[]>;
  /** The verdict when every check passed. */
  passed: string;
  /** Shown under the checks (after the seed). */
  children?: ReactNode;
};

/** The outcome of a draw's checks, whatever the scheme: an error in words, progress, or the list with its verdict. */
export function DrawCheckOutcome({ draw, checks, passed, children }: Props) {
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
      verdict={{ passed, failed: `Draw #${draw.id} does not match its published values. Please contact us.` }}
    >
      <p className="verify__seed">
        Seed <code>{draw.seed}</code>
      </p>
      {children}
    </CheckList>
  );
}
