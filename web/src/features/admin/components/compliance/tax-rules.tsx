import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { DayFirstDateField } from '@/components/ui/form/day-first-date-field';
import { useForm } from '@/components/ui/form/use-form';
import { StateSelect } from '@/components/forms/state-select';
import { toast } from '@/lib/toast-store';
import { useAddTaxRule, useTaxRules } from '@/features/admin/api/compliance';
import { LoadFailed } from '@/features/admin/components/admin-ui';
import { Section } from '@/features/admin/components/compliance/section';
import { LocalTable } from '@/features/admin/components/local-table';
import { stateName } from '@/lib/states';
import { isoToDayFirst } from '@/lib/day-first-date';
import type { Validation } from '@/lib/validation';

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
            { key: 'from', header: 'From', cell: (r) => isoToDayFirst(r.from) },
          ]}
        />
      ) : null}
      <AddRule />
    </Section>
  );
}

type RuleValues = { state: string; rate: string; from: string };
type RuleField = keyof RuleValues;
type NewRule = { state: string; rate_bp: number; from: string };

/** A rate of 0 to 100 %, in basis points as the server takes it; the state and date are the server's to check. */
function checkRule(values: RuleValues): Validation<RuleField, NewRule> {
  const percent = Number(values.rate);
  if (values.rate.trim() === '' || !Number.isFinite(percent) || percent < 0 || percent > 100) {
    return { ok: false, message: '', fieldErrors: { rate: 'Enter a percentage from 0 to 100' } };
  }
  return { ok: true, payload: { state: values.state, rate_bp: Math.round(percent * 100), from: values.from } };
}

function AddRule() {
  const form = useForm<RuleValues>({ state: '', rate: '', from: '' });
  const add = useAddTaxRule();
  const send = (rule: NewRule) =>
    add.mutate(rule, {
      onSuccess: () => {
        toast.success('Tax rule added');
        form.reset({ ...form.values, rate: '', from: '' });
      },
      onError: (e) => form.serverErrors(e, { state: 'state', rate_bp: 'rate', from: 'from' }),
    });
  return (
    <form
      className="form compliance-filters"
      noValidate
      onSubmit={form.submit(() => form.check(checkRule(form.values)), send)}
      aria-label="Add a tax rule"
    >
      <StateSelect
        value={form.values.state}
        onChange={(state) => form.set('state', state)}
        label="State"
        placeholder="Every other state"
        error={form.errors.state}
      />
      <TextField label="Rate (%)" inputMode="decimal" {...form.field('rate')} />
      <DayFirstDateField
        id="tax-rule-from"
        label="From"
        named="start date"
        value={form.values.from}
        onChange={(from) => form.set('from', from)}
        error={form.errors.from}
      />
      <SubmitButton pending={add.isPending} pendingText="Adding…">
        Add rule
      </SubmitButton>
    </form>
  );
}
