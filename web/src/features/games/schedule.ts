/** A game's schedule in words, in Nigerian time (weekly slots are WAT wall-clock times). Pure. */
import type { Schedule } from '@/types/lotto';
import { clockTime } from '@/lib/lagos-time';

const WEEK = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function everyMinutes(minutes: number): string {
  if (minutes === 1) return 'Every minute';
  if (minutes % 1_440 === 0) return minutes === 1_440 ? 'Every day' : `Every ${minutes / 1_440} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'Every hour' : `Every ${minutes / 60} hours`;
  return `Every ${minutes} minutes`;
}

/**
 * `Every 3 minutes`; `Tue 7:15 pm WAT`; days that share a time are joined: `Mon & Thu 7:45 pm WAT`; different
 * times are listed: `Mon 7:45 pm WAT, Sat 11:00 am WAT`.
 */
export function describeSchedule(schedule: Schedule): string {
  if (schedule.kind === 'interval') return everyMinutes(schedule.every_minutes);
  const byTime = new Map<string, string[]>();
  const slots = [...schedule.slots].sort(
    (a, b) => WEEK.indexOf(a.weekday) - WEEK.indexOf(b.weekday) || a.time.localeCompare(b.time),
  );
  for (const slot of slots) byTime.set(slot.time, [...(byTime.get(slot.time) ?? []), slot.weekday]);
  if (byTime.size === 0) return 'No draws scheduled';
  return [...byTime.entries()]
    .map(([time, days]) => `${days.join(' & ')} ${clockTime(time)} WAT`)
    .join(', ');
}
