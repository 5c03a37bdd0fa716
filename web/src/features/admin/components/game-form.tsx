/**
 * Create or edit a game: name, description, status, schedule (every N minutes, or weekly WAT times), when sales
 * close, bet types, multipliers and stake rules in naira. Problems found here or by the server (422) are shown
 * beside their fields, and the first one gets the focus.
 */
import { Dialog } from '@/components/ui/dialog/dialog';
import { FormAlert } from '@/components/ui/form/form-alert';
import { useForm } from '@/components/ui/form/use-form';
import { toast } from '@/lib/toast-store';
import { ApiError } from '@/lib/api-client';
import { BET_TYPE_ORDER, betTypeLabel } from '@/lotto';
import { useSaveGame } from '@/features/admin/api/save-game';
import { Field, SelectField } from '@/features/admin/components/field';
import {
  formErrorsFromServer,
  formFromGame,
  inputFromForm,
  isFormField,
  MULTIPLIER_KEYS,
  STAKE_RULE_KEYS,
  STAKE_RULE_LABELS,
  type GameForm,
} from '@/features/admin/lib/game-form';
import { describeCloseBefore, describeSchedule, WEEKDAYS, dayName } from '@/features/admin/lib/schedule';
import type { AdminGame } from '@/features/admin/types';
import type { BetType } from '@/types/lotto';

const WEEKDAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: dayName(day) }));

function GroupError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="field__error">
      {message}
    </p>
  ) : null;
}

export function GameFormDialog({ game, onClose }: { game?: AdminGame; onClose: () => void }) {
  // Errors are keyed as the server names the fields (`every_minutes`, `slots.0`, `multipliers.<bet type>`…).
  const gameForm = useForm<GameForm, string>(() => formFromGame(game));
  const { values: form, errors, set, refuse } = gameForm;
  const save = useSaveGame();
  const editing = game !== undefined;

  const check = () => {
    const result = inputFromForm(form);
    if (!result.errors) return gameForm.check({ ok: true, payload: result.input });
    refuse(result.errors, 'Please correct the fields marked below.');
    return undefined;
  };

  const send = (input: NonNullable<ReturnType<typeof inputFromForm>['input']>) =>
    save.mutate(
      { id: game?.id, input },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? (editing ? 'Game saved' : 'Game created'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const fieldErrors = formErrorsFromServer(error.errors);
            // Said beside its field already: the summary only points there; anything else is said here.
            const shown = Object.keys(fieldErrors).length > 0 && Object.keys(fieldErrors).every(isFormField);
            refuse(fieldErrors, shown ? 'Please correct the fields marked below.' : error.message);
          }
        },
      },
    );

  const preview =
    form.scheduleKind === 'interval'
      ? /^\d+$/.test(form.everyMinutes.trim())
        ? describeSchedule({ kind: 'interval', every_minutes: Number(form.everyMinutes) })
        : undefined
      : describeSchedule({ kind: 'weekly', slots: form.slots });
  const closeWords = /^\d+$/.test(form.closeBeforeSecs.trim())
    ? describeCloseBefore(Number(form.closeBeforeSecs))
    : 'Seconds between the end of sales and the draw';

  return (
    <Dialog title={editing ? `Edit ${game.name}` : 'New game'} onClose={onClose} className="dialog--wide">
      <form className="form game-form" noValidate onSubmit={gameForm.submit(check, send)}>
        <Field
          label="Name"
          value={form.name}
          onChange={(value) => set('name', value)}
          error={errors.name}
          maxLength={60}
          required
          autoFocusFirst
          hint={editing ? 'Renaming changes the game’s web address.' : undefined}
        />
        <Field
          label="Description"
          multiline
          value={form.description}
          onChange={(value) => set('description', value)}
          error={errors.description}
          maxLength={500}
          hint="Shown to players on the game page (at most 500 characters)."
        />

        <fieldset className="form-group">
          <legend>Status</legend>
          <div className="choice-row">
            {(['active', 'paused'] as const).map((status) => (
              <label key={status} className="choice">
                <input
                  type="radio"
                  name="status"
                  value={status}
                  checked={form.status === status}
                  onChange={() => set('status', status)}
                />
                {status === 'active' ? 'Active (on sale)' : 'Paused (no new draws)'}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="form-group" aria-describedby={errors.schedule ? 'schedule-error' : undefined}>
          <legend>Schedule (Nigerian time, WAT)</legend>
          <div className="choice-row">
            <label className="choice">
              <input
                type="radio"
                name="schedule-kind"
                checked={form.scheduleKind === 'interval'}
                onChange={() => set('scheduleKind', 'interval')}
              />
              Every few minutes
            </label>
            <label className="choice">
              <input
                type="radio"
                name="schedule-kind"
                checked={form.scheduleKind === 'weekly'}
                onChange={() => set('scheduleKind', 'weekly')}
              />
              Weekly draw times
            </label>
          </div>
          {form.scheduleKind === 'interval' ? (
            <Field
              label="Minutes between draws"
              type="number"
              inputMode="numeric"
              min={1}
              max={1440}
              value={form.everyMinutes}
              onChange={(value) => set('everyMinutes', value)}
              error={errors.every_minutes}
              suffix="min"
              className="field--short"
            />
          ) : (
            <div className="slots">
              {form.slots.map((slot, i) => (
                <div key={i} className="slot" role="group" aria-label={`Draw time ${i + 1}`}>
                  <SelectField
                    label="Day"
                    value={slot.weekday}
                    options={WEEKDAY_OPTIONS}
                    onChange={(value) =>
                      set(
                        'slots',
                        form.slots.map((s, j) => (j === i ? { ...s, weekday: value as typeof s.weekday } : s)),
                      )
                    }
                  />
                  <Field
                    label="Time (WAT)"
                    type="time"
                    value={slot.time}
                    error={errors[`slots.${i}`]}
                    onChange={(value) => set('slots', form.slots.map((s, j) => (j === i ? { ...s, time: value } : s)))}
                  />
                  <button
                    type="button"
                    className="button button--ghost button--small slot__remove"
                    aria-label={`Remove draw time ${i + 1}`}
                    onClick={() => set('slots', form.slots.filter((_, j) => j !== i))}
                  >
                    Remove
                  </button>
                </div>
              ))}
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => set('slots', [...form.slots, { weekday: 'Sat', time: '19:45' }])}
              >
                Add a draw time
              </button>
            </div>
          )}
          <GroupError id="schedule-error" message={errors.schedule} />
          {preview ? (
            <p className="field__hint" aria-live="polite">
              {preview}
            </p>
          ) : null}
        </fieldset>

        <Field
          label="Sales close (seconds before each draw)"
          type="number"
          inputMode="numeric"
          min={0}
          max={86400}
          value={form.closeBeforeSecs}
          onChange={(value) => set('closeBeforeSecs', value)}
          error={errors.close_before_secs}
          hint={closeWords}
          suffix="s"
          className="field--short"
        />

        <fieldset className="form-group" aria-describedby={errors.bet_types ? 'bet-types-error' : undefined}>
          <legend>Bet types offered</legend>
          <div className="check-grid">
            {BET_TYPE_ORDER.map((type: BetType) => (
              <label key={type} className="choice">
                <input
                  type="checkbox"
                  checked={form.betTypes.includes(type)}
                  aria-invalid={errors.bet_types ? true : undefined}
                  onChange={(event) =>
                    set(
                      'betTypes',
                      event.target.checked ? [...form.betTypes, type] : form.betTypes.filter((t) => t !== type),
                    )
                  }
                />
                {betTypeLabel(type)}
              </label>
            ))}
          </div>
          <GroupError id="bet-types-error" message={errors.bet_types} />
        </fieldset>

        <fieldset className="form-group" aria-describedby={errors.multipliers ? 'multipliers-error' : undefined}>
          <legend>Multipliers (a winning line pays stake × multiplier)</legend>
          <div className="field-grid">
            {MULTIPLIER_KEYS.map((key, i) => (
              <Field
                key={key}
                label={`NAP ${i + 1}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={1000000}
                value={form.multipliers[key]}
                onChange={(value) => set('multipliers', { ...form.multipliers, [key]: value })}
                error={errors[`multipliers.${key}`]}
                suffix="×"
              />
            ))}
          </div>
          <p className="field__hint">PERM bets use the NAP rate of their size; 1 Banker and Against use NAP 2.</p>
          <p className="field__hint">
            Changes apply to tickets sold from now on: a ticket already sold keeps the multipliers and payout cap it
            was sold under.
          </p>
          <GroupError id="multipliers-error" message={errors.multipliers} />
        </fieldset>

        <fieldset className="form-group" aria-describedby={errors.stake_rules ? 'stake-rules-error' : undefined}>
          <legend>Stakes and payout (naira)</legend>
          <div className="field-grid field-grid--wide">
            {STAKE_RULE_KEYS.map((key) => (
              <Field
                key={key}
                label={STAKE_RULE_LABELS[key]}
                inputMode="decimal"
                prefix="₦"
                value={form.stakeRules[key]}
                onChange={(value) => set('stakeRules', { ...form.stakeRules, [key]: value })}
                error={errors[`stake_rules.${key}`]}
              />
            ))}
          </div>
          <GroupError id="stake-rules-error" message={errors.stake_rules} />
        </fieldset>

        <FormAlert>{gameForm.message}</FormAlert>
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? 'Saving…' : editing ? 'Save changes' : 'Create game'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
