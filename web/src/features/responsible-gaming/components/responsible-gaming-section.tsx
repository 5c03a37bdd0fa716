/**
 * The profile's responsible-gaming section (docs/product.md §8): a break in force, deposit limits with any change that
 * is waiting, how often the reality check appears, and time-out / self-exclusion. It reads `responsible_gaming` from
 * the profile (GET /auth/profiles) and writes through the server, which enforces every rule.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useProfile } from '@/lib/auth';
import { formatDateTimeWAT } from '@/lib/lagos-time';
import type { Exclusion } from '@/types/money';
import { breakName, optionOf } from '../lib/breaks';
import { REALITY_CHECK_DEFAULT } from '../lib/reality-check';
import { DepositLimitsForm } from './deposit-limits-form';
import { RealityCheckSettings } from './reality-check-settings';
import { TakeABreak } from './take-a-break';
import '@/components/ui/form/form.css';
import './responsible-gaming.css';

function BreakInForce({ exclusion }: { exclusion: Exclusion }) {
  const option = optionOf(exclusion);
  return (
    <div className="rg-in-force" data-testid="break-in-force">
      <p className="rg-in-force__title">
        You are on {option ? breakName(option) : 'a break'} until {formatDateTimeWAT(exclusion.ends_at)}.
      </p>
      <p>Tickets and deposits are paused until then; you can still withdraw your balance.</p>
    </div>
  );
}

export function ResponsibleGamingSection() {
  const profile = useProfile();
  const [message, setMessage] = useState<string>();
  const rg = profile.data?.responsible_gaming;
  // The server sends only a break that is in force.
  const exclusion = rg?.exclusion ?? null;

  return (
    <section className="card rg" aria-labelledby="rg-heading">
      <h2 id="rg-heading" className="card__title">
        Responsible gaming
      </h2>
      <p className="rg__text">
        Play for fun, with money you can afford to lose. Set limits or take a break here;{' '}
        <Link to={paths.responsibleGaming.getHref()}>read about responsible gaming and where to get help</Link>.
      </p>
      <p className="form__notice rg-message" role="status" data-testid="rg-message">
        {message}
      </p>
      {exclusion ? <BreakInForce exclusion={exclusion} /> : null}
      {/* A new answer from the server sets the boxes afresh. */}
      <DepositLimitsForm key={JSON.stringify(rg?.limits ?? null)} limits={rg?.limits} onMessage={setMessage} />
      <RealityCheckSettings
        key={rg?.reality_check_minutes ?? 'unknown'}
        current={rg?.reality_check_minutes ?? REALITY_CHECK_DEFAULT}
        onMessage={setMessage}
      />
      <TakeABreak current={exclusion} onMessage={setMessage} />
    </section>
  );
}
