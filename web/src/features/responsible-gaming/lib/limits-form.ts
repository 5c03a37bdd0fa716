/**
 * The deposit-limits form (docs/product.md §8): one naira box per window, empty meaning "no limit". Only the boxes the
 * player changed are sent (POST /limits/update: absent = unchanged), because sending a limit again as it is
 * would also cancel a raise that is waiting for its 24 hours. Pure.
 */
import { formatNaira } from '@/lib/format';
import { koboToNairaInput, nairaToKobo } from '@/lib/naira-input';
import type { DepositLimits, LimitPeriod } from '@/types/money';

export const PERIODS: { key: LimitPeriod; label: string; window: string }[] = [
  { key: 'daily', label: 'Daily limit', window: 'in any 24 hours' },
  { key: 'weekly', label: 'Weekly limit', window: 'in any 7 days' },
  { key: 'monthly', label: 'Monthly limit', window: 'in any 30 days' },
];

/** ₦100,000,000: the server's highest limit. */
export const LIMIT_MAX = 10_000_000_000;

export type LimitValues = Record<LimitPeriod, string>;
export type LimitsPayload = Partial<Record<LimitPeriod, number | null>>;

/** The boxes as the form opens: each limit in force, in naira; empty for none. */
export function limitValues(limits: DepositLimits | undefined): LimitValues {
  const value = (kobo: number | null | undefined) =>
    kobo === null || kobo === undefined ? '' : koboToNairaInput(kobo);
  return { daily: value(limits?.daily), weekly: value(limits?.weekly), monthly: value(limits?.monthly) };
}

export type LimitsCheck =
  | { ok: true; payload: LimitsPayload }
  | { ok: false; errors: Partial<Record<LimitPeriod, string>>; message?: string };

export function checkLimits(values: LimitValues, initial: LimitValues): LimitsCheck {
  const payload: LimitsPayload = {};
  const errors: Partial<Record<LimitPeriod, string>> = {};
  for (const { key, label } of PERIODS) {
    const text = values[key].trim();
    if (text === initial[key].trim()) continue;
    if (!text) {
      payload[key] = null;
      continue;
    }
    const kobo = nairaToKobo(text);
    if (kobo === null) errors[key] = 'Enter an amount in naira, like 5000, or leave it empty for no limit';
    else if (kobo > LIMIT_MAX) errors[key] = `${label} can be at most ${formatNaira(LIMIT_MAX)}`;
    else payload[key] = kobo;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (Object.keys(payload).length === 0) return { ok: false, errors: {}, message: 'Change a limit first' };
  return { ok: true, payload };
}
