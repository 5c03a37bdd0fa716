import { useState, type FormEvent } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { toast } from '@/lib/toast-store';
import { useLicence, useSaveLicence, type StateLicence } from '@/features/admin/api/compliance';
import { LoadFailed } from '@/features/admin/components/admin-ui';
import { Section } from '@/features/admin/components/compliance/section';

/** The states the operator is licensed in: every state, or a chosen few (players elsewhere may only browse). */
export function LicenceForm() {
  const licence = useLicence();
  return (
    <Section
      title="Licensed states"
      lead="Players who live elsewhere can browse but not deposit or play. AYO_LICENSED_STATES, if set, replaces this list at each start."
    >
      {licence.isPending ? <p aria-busy="true">Loading states…</p> : null}
      {licence.isError ? <LoadFailed what="the licensed states" onRetry={() => void licence.refetch()} /> : null}
      {licence.data ? <LicenceChoice key={licence.dataUpdatedAt} states={licence.data} /> : null}
    </Section>
  );
}

function LicenceChoice({ states }: { states: StateLicence[] }) {
  const everywhere = states.every((s) => s.licensed);
  const [all, setAll] = useState(everywhere);
  const [chosen, setChosen] = useState(() => new Set(everywhere ? [] : states.filter((s) => s.licensed).map((s) => s.code)));
  const [error, setError] = useState<string>();
  const save = useSaveLicence();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!all && chosen.size === 0) {
      setError('Choose at least one state, or every state');
      return;
    }
    setError(undefined);
    save.mutate(all ? [] : [...chosen], { onSuccess: () => toast.success('Licensed states saved') });
  };
  const toggle = (code: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (!next.delete(code)) next.add(code);
      return next;
    });
  return (
    <form className="form" noValidate onSubmit={submit}>
      <fieldset className="compliance-choice">
        <legend className="visually-hidden">Where Ayo Lotto is licensed</legend>
        <label className="check">
          <input type="radio" name="scope" checked={all} onChange={() => setAll(true)} /> Every state and the FCT
        </label>
        <label className="check">
          <input type="radio" name="scope" checked={!all} onChange={() => setAll(false)} /> Only these states
        </label>
      </fieldset>
      {all ? null : (
        <fieldset className="compliance-states">
          <legend>Licensed in</legend>
          {states.map((s) => (
            <label key={s.code} className="check">
              <input type="checkbox" checked={chosen.has(s.code)} onChange={() => toggle(s.code)} /> {s.name}
            </label>
          ))}
        </fieldset>
      )}
      <FormAlert>{error}</FormAlert>
      <SubmitButton pending={save.isPending} pendingText="Saving…">
        Save licensed states
      </SubmitButton>
    </form>
  );
}
