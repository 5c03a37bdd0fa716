/**
 * Before a first deposit (docs/decisions/025, UKGC RTS 12): a player who has never deposited and has no deposit
 * limits is offered to set them on the deposit page, in place, or to skip. It does not show once they have
 * deposited or set a limit; "Not now" hides it for the rest of this browser session.
 */
import { useState } from 'react';
import { useAuth } from '@/lib/session';
import type { LimitsAnswer } from '@/types/money';
import { PERIODS } from '../lib/limits-form';
import { DepositLimitsForm } from './deposit-limits-form';
import '@/components/ui/form/form.css';
import './responsible-gaming.css';

const SKIPPED_KEY = 'ayo.first-deposit-limits.skipped';

/** Whether to offer limits: the server says there is no deposit yet, and no limit is set or waiting. */
export function offersLimits(limits: LimitsAnswer | undefined): boolean {
  if (!limits || limits.has_deposited !== false) return false;
  return PERIODS.every(({ key }) => limits[key] === null && !limits.pending?.[key]);
}

function wasSkipped(user: number | undefined): boolean {
  try {
    return user !== undefined && sessionStorage.getItem(SKIPPED_KEY) === String(user);
  } catch {
    return false;
  }
}

/** `limits`: GET /limits as the deposit page has it (undefined while loading: nothing shows). */
export function FirstDepositPrompt({ limits, onDone }: { limits: LimitsAnswer | undefined; onDone?: () => void }) {
  const { user } = useAuth();
  const [skipped, setSkipped] = useState(() => wasSkipped(user?.id));
  const [message, setMessage] = useState<string>();

  if (message) {
    return (
      <p className="form__notice rg-message first-deposit__saved" role="status" data-testid="first-deposit-limits-saved">
        {message} You can change your limits any time on your profile.
      </p>
    );
  }
  if (skipped || !offersLimits(limits)) return null;

  const skip = () => {
    try {
      if (user) sessionStorage.setItem(SKIPPED_KEY, String(user.id));
    } catch {
      // Private mode: it is offered again next visit.
    }
    setSkipped(true);
    onDone?.();
  };

  return (
    <section className="card first-deposit rg" aria-labelledby="first-deposit-heading" data-testid="first-deposit-limits">
      <h2 id="first-deposit-heading" className="card__title">
        Set your deposit limits first?
      </h2>
      <p className="rg__text">
        Before your first deposit, decide how much you are happy to put in. A limit stops deposits above it, and the
        lowest of the three always applies. You can skip this and set limits later on your profile.
      </p>
      <DepositLimitsForm limits={undefined} onMessage={setMessage} />
      <button type="button" className="button button--ghost button--block" onClick={skip}>
        Not now
      </button>
    </section>
  );
}
