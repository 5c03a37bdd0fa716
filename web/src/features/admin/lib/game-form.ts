/**
 * The game form's state and its two translations (pure): a game → what the inputs show (kobo as naira, numbers
 * as text), and the inputs → the body of POST/PUT /admin/games, or the problems to show beside each field.
 * Server 422s name the exact field: `name`, `schedule.every_minutes`, `schedule.slots`, `multipliers.nap3`,
 * `stake_rules.<rule>`, … (docs/api-admin.md).
 */
import { BET_TYPE_ORDER, DEFAULT_MULTIPLIERS } from '@/lotto';
import { koboToNairaInput, nairaToKobo } from '@/features/admin/lib/money';
import type { GameInput } from '@/features/admin/types';
import type { BetType, Multipliers, StakeRules, Weekday } from '@/types/lotto';

export const MULTIPLIER_KEYS = ['nap1', 'nap2', 'nap3', 'nap4', 'nap5'] as const satisfies readonly (keyof Multipliers)[];
export const STAKE_RULE_KEYS = [
  'nap_min_stake',
  'min_stake_per_line',
  'min_ticket_total',
  'max_ticket_total',
  'payout_cap',
] as const satisfies readonly (keyof StakeRules)[];

export const STAKE_RULE_LABELS: Record<keyof StakeRules, string> = {
  nap_min_stake: 'Least NAP stake',
  min_stake_per_line: 'Least stake per line',
  min_ticket_total: 'Least ticket total',
  max_ticket_total: 'Most a ticket may cost',
  payout_cap: 'Payout cap per ticket',
};

export type Slot = { weekday: Weekday; time: string };

export type GameForm = {
  name: string;
  description: string;
  status: 'active' | 'paused';
  scheduleKind: 'interval' | 'weekly';
  everyMinutes: string;
  slots: Slot[];
  closeBeforeSecs: string;
  betTypes: BetType[];
  multipliers: Record<keyof Multipliers, string>;
  /** In naira, as typed. */
  stakeRules: Record<keyof StakeRules, string>;
};

/** Field keys: `name`, `schedule`, `slots.0`, `multipliers.nap3`, `stake_rules.payout_cap`, … */
export type FormErrors = Record<string, string>;

/** docs/product.md §3–§4's defaults, for a new game. */
const DEFAULT_STAKE_RULES: StakeRules = {
  nap_min_stake: 5_000,
  min_stake_per_line: 500,
  min_ticket_total: 5_000,
  max_ticket_total: 5_000_000,
  payout_cap: 1_000_000_000,
};

type GameLike = Partial<GameInput>;

export function formFromGame(game?: GameLike): GameForm {
  const schedule = game?.schedule ?? { kind: 'interval', every_minutes: 60 };
  const multipliers = { ...DEFAULT_MULTIPLIERS, ...game?.multipliers };
  const rules = { ...DEFAULT_STAKE_RULES, ...game?.stake_rules };
  return {
    name: game?.name ?? '',
    description: game?.description ?? '',
    status: game?.status ?? 'active',
    scheduleKind: schedule.kind,
    everyMinutes: schedule.kind === 'interval' ? String(schedule.every_minutes) : '60',
    slots: schedule.kind === 'weekly' ? schedule.slots.map((slot) => ({ ...slot })) : [{ weekday: 'Sat', time: '19:45' }],
    closeBeforeSecs: String(game?.close_before_secs ?? 300),
    betTypes: game?.bet_types ? [...game.bet_types] : [...BET_TYPE_ORDER],
    multipliers: Object.fromEntries(MULTIPLIER_KEYS.map((key) => [key, String(multipliers[key])])) as GameForm['multipliers'],
    stakeRules: Object.fromEntries(
      STAKE_RULE_KEYS.map((key) => [key, koboToNairaInput(rules[key])]),
    ) as GameForm['stakeRules'],
  };
}

function wholeNumber(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** The request body, or the problems found before asking the server. */
export function inputFromForm(form: GameForm): { input: GameInput; errors: null } | { input: null; errors: FormErrors } {
  const errors: FormErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = 'A game needs a name';
  else if (name.length > 60) errors.name = 'At most 60 characters';
  if (form.description.trim().length > 500) errors.description = 'At most 500 characters';

  let schedule: GameInput['schedule'] = { kind: 'interval', every_minutes: 0 };
  if (form.scheduleKind === 'interval') {
    const minutes = wholeNumber(form.everyMinutes);
    if (minutes === null || minutes < 1 || minutes > 1_440) errors.every_minutes = 'Enter whole minutes from 1 to 1440';
    else schedule = { kind: 'interval', every_minutes: minutes };
  } else {
    if (form.slots.length === 0) errors.schedule = 'Add at least one weekly draw time';
    form.slots.forEach((slot, i) => {
      if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(slot.time)) errors[`slots.${i}`] = 'Enter a time such as 19:45';
    });
    const seen = new Set<string>();
    form.slots.forEach((slot, i) => {
      const key = `${slot.weekday} ${slot.time}`;
      if (seen.has(key)) errors[`slots.${i}`] = 'This draw time is already listed';
      seen.add(key);
    });
    schedule = { kind: 'weekly', slots: form.slots.map((slot) => ({ weekday: slot.weekday, time: slot.time })) };
  }

  const close = wholeNumber(form.closeBeforeSecs);
  if (close === null || close > 86_400) errors.close_before_secs = 'Enter whole seconds from 0 to 86400 (24 hours)';
  if (form.betTypes.length === 0) errors.bet_types = 'Offer at least one bet type';

  const multipliers = {} as Multipliers;
  for (const key of MULTIPLIER_KEYS) {
    const rate = wholeNumber(form.multipliers[key]);
    if (rate === null || rate < 1 || rate > 1_000_000) errors[`multipliers.${key}`] = 'A whole number from 1 to 1,000,000';
    else multipliers[key] = rate;
  }
  const stakeRules = {} as StakeRules;
  for (const key of STAKE_RULE_KEYS) {
    const kobo = nairaToKobo(form.stakeRules[key]);
    if (kobo === null || kobo <= 0) errors[`stake_rules.${key}`] = 'Enter an amount in naira above ₦0, e.g. 50 or 50.50';
    else stakeRules[key] = kobo;
  }
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return {
    input: {
      name,
      description: form.description.trim(),
      status: form.status,
      schedule,
      close_before_secs: close ?? 0,
      // Sent in the order players see them.
      bet_types: BET_TYPE_ORDER.filter((type) => form.betTypes.includes(type)),
      multipliers,
      stake_rules: stakeRules,
    },
    errors: null,
  };
}

/**
 * A 422's `errors` → the form's field keys. `multipliers` names its NAP only in the message ("The NAP3
 * multiplier …"), so it is read from there; anything the form has no input for stays under its own key and is
 * shown on its group.
 */
export function formErrorsFromServer(errors: Record<string, string[] | string> | undefined): FormErrors {
  const out: FormErrors = {};
  for (const [key, value] of Object.entries(errors ?? {})) {
    const message = Array.isArray(value) ? value[0] : value;
    if (!message || key === 'message') continue;
    let field = key;
    if (key === 'multipliers') {
      const nap = /\bNAP\s?([1-5])\b/i.exec(message);
      if (nap) field = `multipliers.nap${nap[1]}`;
    } else if (key === 'schedule.every_minutes' || (key === 'schedule' && /interval|minute/i.test(message))) {
      field = 'every_minutes';
    } else if (key.startsWith('schedule.slots')) {
      field = 'schedule';
    }
    out[field] ??= message;
  }
  return out;
}

const GROUPS = new Set(['name', 'description', 'every_minutes', 'schedule', 'close_before_secs', 'bet_types', 'multipliers', 'stake_rules']);

/** Has the form a place to show an error under this key (an input or a group)? */
export function isFormField(key: string): boolean {
  return (
    GROUPS.has(key) ||
    /^slots\.\d+$/.test(key) ||
    /^multipliers\.nap[1-5]$/.test(key) ||
    (STAKE_RULE_KEYS as readonly string[]).some((rule) => key === `stake_rules.${rule}`)
  );
}
