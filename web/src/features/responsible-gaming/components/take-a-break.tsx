/**
 * Time-out (24 hours, 7 days, 30 days) or self-exclusion (6 months, 1 year, 5 years): pick one, confirm, and it
 * starts at once (POST /exclusions/create). Choices that would end before a break already in force are shown but
 * unavailable, because a break can only be made longer.
 */
import { useId, useState, type FormEvent } from 'react';
import type { Exclusion } from '@/types/money';
import { useCreateExclusion } from '../api/responsible-gaming';
import { endsTooSoon, SELF_EXCLUSIONS, TIMEOUTS, type BreakOption } from '../lib/breaks';
import { BreakConfirmDialog } from './break-confirm-dialog';

type Props = { current: Exclusion | null; onMessage: (message: string) => void };

function Options({
  legend,
  options,
  chosen,
  onChoose,
  current,
  name,
}: {
  legend: string;
  options: BreakOption[];
  chosen: BreakOption | null;
  onChoose: (option: BreakOption) => void;
  current: Exclusion | null;
  name: string;
}) {
  return (
    <fieldset className="rg-choices">
      <legend className="rg-choices__legend">{legend}</legend>
      {options.map((option) => {
        const tooSoon = endsTooSoon(option.period, current);
        return (
          <label key={option.period} className={`rg-choice${tooSoon ? ' rg-choice--off' : ''}`}>
            <input
              type="radio"
              name={name}
              value={option.period}
              checked={chosen?.period === option.period}
              disabled={tooSoon}
              onChange={() => onChoose(option)}
            />
            {option.label}
          </label>
        );
      })}
    </fieldset>
  );
}

export function TakeABreak({ current, onMessage }: Props) {
  const name = useId();
  const [chosen, setChosen] = useState<BreakOption | null>(null);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const create = useCreateExclusion();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setError('Choose how long your break lasts');
      return;
    }
    setError(undefined);
    setConfirming(true);
  };

  return (
    <>
      <form className="form rg-break" noValidate onSubmit={submit} aria-labelledby="rg-break-heading">
        <h3 id="rg-break-heading" className="rg__subtitle">
          Take a break
        </h3>
        <p className="rg__text">
          A time-out or self-exclusion stops tickets and deposits at once, for as long as you choose. Withdrawals keep
          working. It cannot be ended early.
        </p>
        <Options
          legend="Time-out"
          options={TIMEOUTS}
          chosen={chosen}
          onChoose={setChosen}
          current={current}
          name={name}
        />
        <Options
          legend="Self-exclusion"
          options={SELF_EXCLUSIONS}
          chosen={chosen}
          onChoose={setChosen}
          current={current}
          name={name}
        />
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button rg-danger-ghost button--block">
          {current ? 'Make my break longer' : 'Take a break'}
        </button>
      </form>
      {confirming && chosen ? (
        <BreakConfirmDialog
          option={chosen}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            create.mutateAsync({ kind: chosen.kind, period: chosen.period }).then((answer) => {
              setChosen(null);
              onMessage(answer.message ?? 'Your break has started.');
            })
          }
        />
      ) : null}
    </>
  );
}
