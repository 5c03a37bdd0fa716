import { useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { StateSelect } from '@/components/forms/state-select';
import { toast } from '@/lib/toast-store';
import { useAddTaxRule, useTaxRules } from '@/features/admin/api/compliance';
import { LoadFailed } from '@/features/admin/components/admin-ui';
import { Section } from '@/features/admin/components/compliance/section';
import { LocalTable } from '@/features/admin/components/local-table';
import { stateName } from '@/lib/states';
import { serverFieldErrors } from '@/lib/server-errors';

/** Withholding tax on net winnings, per state and from a date; rules start today or later, never in the past. */
export function TaxRules() {
  const rules = useTaxRules();
  return (
    <Section
      title="Withholding tax on winnings"
      lead="Taken from each winning ticket's net win (winnings less its stake) at settlement, rounded down to the kobo."
    >
      {rules.isPending ? <p aria-busy="true">Loading tax rules…</p> : null}
      {rules.isError ? <LoadFailed what="the tax rules" onRetry={() => void rules.refetch()} /> : null}
      {rules.data ? (
        <LocalTable
          caption="Tax rules"
          rows={rules.data}
          rowKey={(r) => `${r.state ?? '*'}-${r.from}`}
          empty="No tax rules: winnings are paid in full."
          columns={[
            { key: 'state', header: 'State', rowHeader: true, cell: (r) => (r.state ? stateName(r.state) : 'Every other state') },
            { key: 'rate', header: 'Rate', numeric: true, cell: (r) => `${r.rate_bp / 100} %` },
            { key: 'from', header: 'From', cell: (r) => r.from },
          ]}
        />
      ) : null}
      <AddRule />
    </Section>
  );
}

type Field = 'state' | 'rate' | 'from';

function AddRule() {
  const [state, setState] = useState('');
  const [rate, setRate] = useState('');
  const [from, setFrom] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const add = useAddTaxRule();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const percent = Number(rate);
    if (rate.trim() === '' || !Number.isFinite(percent) || percent < 0 || percent > 100) {
      setErrors({ rate: 'Enter a percentage from 0 to 100' });
      return;
    }
    add.mutate(
      { state, rate_bp: Math.round(percent * 100), from },
      {
        onSuccess: () => {
          toast.success('Tax rule added');
          setRate('');
          setFrom('');
          setErrors({});
        },
        onError: (e) => setErrors(serverFieldErrors<Field>(e, { state: 'state', rate_bp: 'rate', from: 'from' })),
      },
    );
  };
  return (
    <form className="form compliance-filters" noValidate onSubmit={submit} aria-label="Add a tax rule">
      <StateSelect value={state} onChange={setState} label="State" placeholder="Every other state" error={errors.state} />
      <TextField label="Rate (%)" name="rate" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} error={errors.rate} />
      <TextField label="From" name="from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} error={errors.from} />
      <SubmitButton pending={add.isPending} pendingText="Adding…">
        Add rule
      </SubmitButton>
    </form>
  );
}
