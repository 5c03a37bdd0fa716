/** The marquee message form ↔ the API body (times typed as WAT, sent as UTC; empty clears). Pure. */
import { utcIsoToWatInput, watInputToUtcIso } from '@/lib/lagos-time';
import type { Marquee, MarqueeInput } from '@/features/admin/types';

export const MARQUEE_MAX_LENGTH = 280;

export type MarqueeForm = { text: string; active: boolean; startsAt: string; endsAt: string; priority: string };

export function marqueeFormFrom(message?: Marquee): MarqueeForm {
  return {
    text: message?.text ?? '',
    active: message?.active ?? true,
    startsAt: utcIsoToWatInput(message?.starts_at),
    endsAt: utcIsoToWatInput(message?.ends_at),
    priority: String(message?.priority ?? 0),
  };
}

export function marqueeInputFrom(
  form: MarqueeForm,
): { input: MarqueeInput; errors: null } | { input: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const text = form.text.trim().replace(/\s+/g, ' ');
  if (!text) errors.text = 'Write the message (1 to 280 characters)';
  else if ([...text].length > MARQUEE_MAX_LENGTH) errors.text = 'At most 280 characters';
  const startsAt = watInputToUtcIso(form.startsAt);
  const endsAt = watInputToUtcIso(form.endsAt);
  if (startsAt === undefined) errors.starts_at = 'Pick a date and time, or leave it empty';
  if (endsAt === undefined) errors.ends_at = 'Pick a date and time, or leave it empty';
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) errors.ends_at = 'The end must be after the start';
  const priority = Number(form.priority.trim() || '0');
  if (!Number.isInteger(priority) || priority < -1000 || priority > 1000) {
    errors.priority = 'A whole number from -1000 to 1000';
  }
  if (Object.keys(errors).length > 0) return { input: null, errors };
  return {
    input: { text, active: form.active, starts_at: startsAt ?? null, ends_at: endsAt ?? null, priority },
    errors: null,
  };
}

export type MarqueeState = 'live' | 'scheduled' | 'ended' | 'inactive';

/** Where a message stands now: switched off, waiting for its start, past its end, or showing. */
export function marqueeState(message: Pick<Marquee, 'active' | 'starts_at' | 'ends_at' | 'live'>, now = Date.now()): MarqueeState {
  if (!message.active) return 'inactive';
  if (message.ends_at && Date.parse(message.ends_at) <= now) return 'ended';
  if (message.starts_at && Date.parse(message.starts_at) > now) return 'scheduled';
  return message.live === false ? 'scheduled' : 'live';
}
