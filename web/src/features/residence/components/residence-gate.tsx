import { useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { useLicensedStates, useSaveResidence } from '@/features/residence/api';
import { StateSelect } from '@/components/forms/state-select';
import { stateName } from '@/lib/states';
import { serverFieldErrors } from '@/lib/server-errors';
import { useAuth } from '@/lib/session';

/**
 * What stands before a deposit: a player who has not said where they live is asked (once), and a player of a state
 * Ayo Lotto holds no licence in is told why they cannot deposit or play. Everyone else sees `children`.
 */
export function ResidenceGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const states = useLicensedStates();
  const state = user?.state ?? null;
  if (!state) return <ResidenceForm />;
  const licensed = states.data?.find((s) => s.code === state)?.licensed ?? true;
  if (!licensed) {
    return (
      <div className="money-notice money-notice--break" role="status" data-testid="unlicensed-notice">
        <p>
          Ayo Lotto is not licensed in {stateName(state)}, so players who live there cannot deposit or play. You can
          still browse draws and results.
        </p>
      </div>
    );
  }
  return <>{children}</>;
}

function ResidenceForm() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const save = useSaveResidence();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code) {
      setError('Choose the state you live in');
      return;
    }
    save.mutate(code, { onError: (e) => setError(serverFieldErrors<'state'>(e, { state: 'state' }).state) });
  };
  return (
    <form className="form money-form" noValidate onSubmit={submit} aria-label="Where do you live?">
      <p>
        <strong>Where do you live?</strong> 
        Lotteries in Nigeria are licensed by each state, so we need your state of residence before your first deposit.
        It also decides the withholding tax on winnings (5 % of the net win in Lagos).
      </p>
      <StateSelect
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(undefined);
        }}
        error={error}
      />
      <FormAlert>{save.isError && !error ? 'We could not save your state. Please try again.' : undefined}</FormAlert>
      <SubmitButton pending={save.isPending} pendingText="Saving…">
        Save my state
      </SubmitButton>
    </form>
  );
}
