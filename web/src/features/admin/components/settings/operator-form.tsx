import { useState, type FormEvent } from 'react';
import { StateSelect } from '@/components/forms/state-select';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { toast } from '@/lib/toast-store';
import { useAdminOperator, useSaveOperator, type AdminOperator, type OperatorInput } from '@/features/admin/api/operator';
import { LoadFailed } from '@/features/admin/components/admin-ui';
import { Section } from '@/features/admin/components/compliance/section';
import { serverFieldErrors } from '@/lib/server-errors';

type Text = Exclude<keyof OperatorInput, 'licences'>;
type Field = Text | 'licences';

/** Each text field, its label and a hint of the form expected. */
const TEXTS: { field: Text; label: string; hint?: string; autoComplete?: string; inputMode?: 'tel' }[] = [
  { field: 'company', label: 'Company name', autoComplete: 'organization' },
  { field: 'rc_number', label: 'RC number', hint: 'As the Corporate Affairs Commission registered it, for example RC 1234567' },
  { field: 'address', label: 'Registered address', autoComplete: 'street-address' },
  { field: 'support_phone', label: 'Support phone', hint: 'For example +2348012345678 or 08012345678', inputMode: 'tel' },
  { field: 'whatsapp', label: 'WhatsApp number', hint: 'Players tap it to open a chat', inputMode: 'tel' },
  { field: 'support_hours', label: 'Support hours', hint: 'For example: Monday to Saturday, 8am to 8pm WAT' },
  { field: 'reply_time', label: 'Reply time promised', hint: 'For example: within 24 hours' },
];

/**
 * Who runs the lottery, as every page's footer, /about, /contact and the tax statement show it. Saving is audited;
 * an `AYO_OPERATOR_*` variable set at start replaces its field again at the next start.
 */
export function OperatorForm() {
  const operator = useAdminOperator();
  return (
    <Section
      title="Operator identity"
      lead="Shown to every visitor in the site's footer, on About and Contact, and on players' tax statements. AYO_OPERATOR_* variables, if set, replace these fields at each start."
    >
      {operator.isPending ? <p aria-busy="true">Loading the operator&rsquo;s details…</p> : null}
      {operator.isError ? <LoadFailed what="the operator's details" onRetry={() => void operator.refetch()} /> : null}
      {operator.data ? <OperatorFields key={operator.dataUpdatedAt} saved={operator.data} /> : null}
    </Section>
  );
}

function OperatorFields({ saved }: { saved: AdminOperator }) {
  const [values, setValues] = useState<OperatorInput>(() => ({
    company: saved.company,
    rc_number: saved.rc_number,
    address: saved.address,
    support_phone: saved.support_phone,
    whatsapp: saved.whatsapp,
    support_hours: saved.support_hours,
    reply_time: saved.reply_time,
    licences: saved.licences.map(({ state, regulator, number }) => ({ state, regulator, number })),
  }));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSaveOperator();
  const setLicence = (index: number, change: Partial<OperatorInput['licences'][number]>) =>
    setValues((v) => ({ ...v, licences: v.licences.map((l, i) => (i === index ? { ...l, ...change } : l)) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: () => {
        setErrors({});
        toast.success('Operator details saved');
      },
      onError: (e) =>
        setErrors(
          serverFieldErrors<Field>(e, Object.fromEntries([...TEXTS.map((t) => t.field), 'licences'].map((f) => [f, f])) as Record<string, Field>),
        ),
    });
  };
  return (
    <form className="form" noValidate onSubmit={submit} aria-label="Operator identity">
      {TEXTS.map((t) => (
        <TextField
          key={t.field}
          label={t.label}
          name={t.field}
          hint={t.hint}
          autoComplete={t.autoComplete}
          inputMode={t.inputMode}
          value={values[t.field]}
          onChange={(e) => setValues((v) => ({ ...v, [t.field]: e.target.value }))}
          error={errors[t.field]}
        />
      ))}
      <fieldset className="operator-licences">
        <legend>Licences</legend>
        {values.licences.length === 0 ? <p className="admin-note">No licence yet: the site says so.</p> : null}
        {values.licences.map((licence, index) => (
          <div key={index} className="operator-licences__row" role="group" aria-label={`Licence ${index + 1}`}>
            <StateSelect
              label="State"
              value={licence.state}
              onChange={(state) => setLicence(index, { state })}
              placeholder="Choose a state"
            />
            <TextField
              label="Regulator"
              name={`licence-${index}-regulator`}
              value={licence.regulator}
              onChange={(e) => setLicence(index, { regulator: e.target.value })}
            />
            <TextField
              label="Licence number"
              name={`licence-${index}-number`}
              value={licence.number}
              onChange={(e) => setLicence(index, { number: e.target.value })}
            />
            <button
              type="button"
              className="button button--danger-ghost button--small"
              onClick={() => setValues((v) => ({ ...v, licences: v.licences.filter((_, i) => i !== index) }))}
            >
              Remove licence {index + 1}
            </button>
          </div>
        ))}
        {errors.licences ? (
          <p className="field__error" role="alert">
            {errors.licences}
          </p>
        ) : null}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setValues((v) => ({ ...v, licences: [...v.licences, { state: '', regulator: '', number: '' }] }))}
        >
          Add a licence
        </button>
      </fieldset>
      <SubmitButton pending={save.isPending} pendingText="Saving…">
        Save operator details
      </SubmitButton>
    </form>
  );
}
