import { describe, expect, it } from 'vitest';
import { clockTime } from '@/lib/lagos-time';
import { describeCloseBefore, describeSchedule } from './schedule';

describe('a schedule in words', () => {
  it.each([
    [1, 'A draw every minute'],
    [3, 'A draw every 3 minutes'],
    [60, 'A draw every hour'],
    [90, 'A draw every 1 hour 30 minutes'],
    [180, 'A draw every 3 hours'],
    [1_440, 'A draw every day at midnight WAT'],
  ])('every %i minutes → %s', (minutes, words) => {
    expect(describeSchedule({ kind: 'interval', every_minutes: minutes })).toBe(words);
  });

  it('names weekly days in full, joins days sharing a time and sorts by weekday', () => {
    expect(describeSchedule({ kind: 'weekly', slots: [{ weekday: 'Tue', time: '19:15' }] })).toBe(
      'Tuesday at 7:15 pm WAT',
    );
    expect(
      describeSchedule({
        kind: 'weekly',
        slots: [
          { weekday: 'Thu', time: '19:45' },
          { weekday: 'Mon', time: '19:45' },
        ],
      }),
    ).toBe('Monday and Thursday at 7:45 pm WAT');
    expect(
      describeSchedule({
        kind: 'weekly',
        slots: [
          { weekday: 'Sat', time: '11:00' },
          { weekday: 'Mon', time: '19:45' },
          { weekday: 'Wed', time: '19:45' },
          { weekday: 'Fri', time: '19:45' },
        ],
      }),
    ).toBe('Saturday at 11:00 am WAT; Monday, Wednesday and Friday at 7:45 pm WAT');
  });

  it('says "every day" for all seven and copes with nothing scheduled', () => {
    const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
    expect(describeSchedule({ kind: 'weekly', slots: days.map((weekday) => ({ weekday, time: '21:00' })) })).toBe(
      'Every day at 9:00 pm WAT',
    );
    expect(describeSchedule({ kind: 'weekly', slots: [] })).toBe('No draws scheduled');
  });

  it('reads midnight and noon the Nigerian way', () => {
    expect(clockTime('00:05')).toBe('12:05 am');
    expect(clockTime('12:00')).toBe('12:00 pm');
    expect(clockTime('23:59')).toBe('11:59 pm');
  });

  it('says when sales close', () => {
    expect(describeCloseBefore(30)).toBe('Sales close 30 seconds before each draw');
    expect(describeCloseBefore(60)).toBe('Sales close 1 minute before each draw');
    expect(describeCloseBefore(300)).toBe('Sales close 5 minutes before each draw');
    expect(describeCloseBefore(7_200)).toBe('Sales close 2 hours before each draw');
    expect(describeCloseBefore(90)).toBe('Sales close 90 seconds before each draw');
    expect(describeCloseBefore(0)).toBe('Sales close at the draw');
  });
});
