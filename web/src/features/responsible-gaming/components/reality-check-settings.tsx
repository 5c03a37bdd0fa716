/**
 * How often the reality check appears (docs/decisions/025): off, or every 15, 30, 45 or 60 minutes of a session.
 * Saved on the server with the other responsible-gaming settings, and in force at once.
 */
import { useId, useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { ApiError } from '@/lib/api-client';
import { useUpdateRealityCheck } from '../api/reality-check';
import { intervalLabel, REALITY_CHECK_INTERVALS } from '../lib/reality-check';

type Props = { current: number; onMessage: (message: string) => void };

export function RealityCheckSettings({ current, onMessage }: Props) {
  const name = useId();
  const [chosen, setChosen] = useState(current);
  const [error, setError] = useState<string>();
  const update = useUpdateRealityCheck();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setError(undefined);
    update.mutate(chosen, {
      onSuccess: (answer) => onMessage(answer.message ?? 'Saved.'),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 422) {
          setError(failure.fieldError('interval_minutes') ?? failure.message);
        }
      },
    });
  };

  return (
    <form className="form rg-reality" noValidate onSubmit={submit} aria-labelledby={`${name}-heading`}>
      <h3 id={`${name}-heading`} className="rg__subtitle">
        Reality check
      </h3>
      <p className="rg__text">
        A reminder, while you are logged in, of how long you have been playing and how much you have deposited, staked
        and won this session.
      </p>
      <fieldset className="rg-choices">
        <legend className="rg-choices__legend">Show a reality check</legend>
        {REALITY_CHECK_INTERVALS.map((minutes) => (
          <label key={minutes} className="rg-choice">
            <input
              type="radio"
              name={name}
              value={minutes}
              checked={chosen === minutes}
              onChange={() => {
                setChosen(minutes);
                setError(undefined);
              }}
            />
            {intervalLabel(minutes)}
          </label>
        ))}
      </fieldset>
      <FormAlert>{error}</FormAlert>
      <SubmitButton pending={update.isPending} pendingText="Saving…">
        Save reality check
      </SubmitButton>
    </form>
  );
}
