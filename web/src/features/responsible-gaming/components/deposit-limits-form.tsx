/**
 * Deposit limits per rolling day, week and month. Lowering a limit applies at once; raising or removing one waits
 * 24 hours, and the waiting change shows under its box with the time it applies (and a way to keep the limit as
 * it is). Empty means no limit. The server's sentence about what changed is announced.
 */
import { FormAlert } from '@/components/ui/form/form-alert';
import { SubmitButton } from '@/components/ui/form/submit-button';
import { TextField } from '@/components/ui/form/text-field';
import { useForm } from '@/components/ui/form/use-form';
import { ApiError } from '@/lib/api-client';
import { formatNaira } from '@/lib/format';
import { formatDateTimeWAT } from '@/lib/lagos-time';
import type { DepositLimits, LimitPeriod } from '@/types/money';
import { useUpdateLimits } from '../api/responsible-gaming';
import { checkLimits, limitValues, PERIODS, type LimitsPayload, type LimitValues } from '../lib/limits-form';

type Props = { limits: DepositLimits | undefined; onMessage: (message: string) => void };

function PendingChange({
  limits,
  period,
  onKeep,
  busy,
}: {
  limits: DepositLimits;
  period: LimitPeriod;
  onKeep: () => void;
  busy: boolean;
}) {
  const pending = limits.pending?.[period];
  if (!pending) return null;
  const current = limits[period];
  return (
    <span className="rg-pending" data-testid={`pending-${period}`}>
      {pending.amount === null ? 'No limit' : `Becomes ${formatNaira(pending.amount)}`} from{' '}
      {formatDateTimeWAT(pending.effective_at)}.{' '}
      <button type="button" className="button button--link" onClick={onKeep} disabled={busy}>
        Keep {current === null ? 'no limit' : formatNaira(current)}
      </button>
    </span>
  );
}

export function DepositLimitsForm({ limits, onMessage }: Props) {
  const initial = limitValues(limits);
  const form = useForm<LimitValues, LimitPeriod>(initial);
  const update = useUpdateLimits();

  const send = (payload: LimitsPayload) => {
    form.setMessage(undefined);
    update.mutate(payload, {
      onSuccess: (answer) => {
        form.reset(limitValues(answer.data));
        onMessage(answer.message ?? 'Your limits are saved.');
      },
      onError: (error) => {
        if (!(error instanceof ApiError) || error.status !== 422) return;
        const fields = Object.fromEntries(PERIODS.map(({ key }) => [key, error.fieldError(key)]));
        form.refuse(fields, Object.values(fields).some(Boolean) ? undefined : error.message);
      },
    });
  };

  // Only the boxes changed since the form opened are checked and sent; a refusal with no field to blame ('Change a
  // limit first') replaces any earlier message, one that blames fields clears it.
  const check = () => {
    if (update.isPending) return undefined;
    const checked = checkLimits(form.values, initial);
    if (checked.ok) return checked.payload;
    form.refuse(checked.errors, checked.message ?? '');
    return undefined;
  };

  return (
    <form className="form rg-limits" noValidate onSubmit={form.submit(check, send)} aria-labelledby="rg-limits-heading">
      <h3 id="rg-limits-heading" className="rg__subtitle">
        Deposit limits
      </h3>
      <p className="rg__text">
        Lowering a limit works at once; raising or removing one takes 24 hours. Leave a box empty for no limit.
      </p>
      {PERIODS.map(({ key, label, window }) => (
        <TextField
          key={key}
          label={label}
          {...form.field(key)}
          inputMode="decimal"
          autoComplete="off"
          placeholder="No limit"
          adornment={
            <span className="field__prefix" aria-hidden="true">
              ₦
            </span>
          }
          hint={
            <>
              Deposits {window}.{' '}
              {limits ? (
                <PendingChange
                  limits={limits}
                  period={key}
                  busy={update.isPending}
                  onKeep={() => send({ [key]: limits[key] })}
                />
              ) : null}
            </>
          }
        />
      ))}
      <FormAlert>{form.message}</FormAlert>
      <SubmitButton pending={update.isPending} pendingText="Saving…">
        Save limits
      </SubmitButton>
    </form>
  );
}
