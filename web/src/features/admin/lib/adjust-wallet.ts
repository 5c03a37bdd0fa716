/** The manual adjustment form's check: a signed, non-zero naira amount within the limit that keeps the balance at or
 * above zero, and a reason of 5 to 500 characters (what the server refuses otherwise). Pure. */
import { formatNaira } from '@/lib/format';
import type { FieldErrors, Validation } from '@/lib/validation';
import { nairaToKobo } from './money';

/** ₦10,000,000 either way: the server's limit, checked here first. */
export const ADJUST_LIMIT_KOBO = 1_000_000_000;

export type AdjustValues = { amount: string; reason: string };
export type AdjustField = keyof AdjustValues;
/** What is confirmed and sent: kobo, signed, and the reason trimmed. */
export type Adjustment = { amount: number; reason: string };

export function checkAdjustment(values: AdjustValues, balance: number): Validation<AdjustField, Adjustment> {
  const amount = nairaToKobo(values.amount, { signed: true });
  const errors: FieldErrors<AdjustField> = {};
  if (amount === null || amount === 0) errors.amount = 'Enter a non-zero amount in naira, e.g. 500 or -250.50';
  else if (Math.abs(amount) > ADJUST_LIMIT_KOBO) errors.amount = 'At most ₦10,000,000.00 either way';
  else if (balance + amount < 0) errors.amount = `This would take the balance below zero (it is ${formatNaira(balance)})`;
  const reason = values.reason.trim();
  if (reason.length < 5 || reason.length > 500) errors.reason = 'Give a reason (5 to 500 characters)';
  if (amount === null || errors.amount || errors.reason) return { ok: false, message: '', fieldErrors: errors };
  return { ok: true, payload: { amount, reason } };
}
