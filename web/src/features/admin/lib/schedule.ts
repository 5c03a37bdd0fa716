/**
 * A game's schedule and sales window in words for the back office, in Nigerian time (weekly slots are WAT
 * wall-clock times; Nigeria keeps no daylight saving). Pure.
 */
import type { Schedule, Weekday } from '@/types/lotto';
import { clockTime } from '@/lib/lagos-time';

export const WEEKDAYS: readonly Weekday[] = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const DAY_NAMES: Record<Weekday, string> = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
};

export function dayName(day: Weekday): string {
  return DAY_NAMES[day];
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

function every(minutes: number): string {
  if (minutes === 1) return 'A draw every minute';
  if (minutes === 1_440) return 'A draw every day at midnight WAT';
  if (minutes % 60 === 0) return minutes === 60 ? 'A draw every hour' : `A draw every ${minutes / 60} hours`;
  if (minutes > 60) return `A draw every ${plural(Math.floor(minutes / 60), 'hour')} ${plural(minutes % 60, 'minute')}`;
  return `A draw every ${minutes} minutes`;
}

function joinWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * `A draw every 3 minutes`; `Tuesday at 7:15 pm WAT`; days sharing a time are joined (`Monday and Thursday at
 * 7:45 pm WAT`); every day of the week becomes `Every day at …`; different times are separated by `;`.
 */
export function describeSchedule(schedule: Schedule): string {
  if (schedule.kind === 'interval') return every(schedule.every_minutes);
  const slots = [...schedule.slots].sort(
    (a, b) => WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday) || a.time.localeCompare(b.time),
  );
  if (slots.length === 0) return 'No draws scheduled';
  const byTime = new Map<string, Weekday[]>();
  for (const slot of slots) {
    const days = byTime.get(slot.time) ?? [];
    if (!days.includes(slot.weekday)) days.push(slot.weekday);
    byTime.set(slot.time, days);
  }
  return [...byTime.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([time, days]) => {
      const when = days.length === 7 ? 'Every day' : joinWords(days.map(dayName));
      return `${when} at ${clockTime(time)} WAT`;
    })
    .join('; ');
}

/** `30` → `Sales close 30 seconds before each draw`; `300` → `… 5 minutes …`; `0` → `… at the draw`. */
export function describeCloseBefore(seconds: number): string {
  if (seconds <= 0) return 'Sales close at the draw';
  if (seconds % 3_600 === 0) return `Sales close ${plural(seconds / 3_600, 'hour')} before each draw`;
  if (seconds % 60 === 0) return `Sales close ${plural(seconds / 60, 'minute')} before each draw`;
  return `Sales close ${plural(seconds, 'second')} before each draw`;
}
