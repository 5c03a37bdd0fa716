import { describe, expect, it } from 'vitest';
import { dayFirstToIso, isoToDayFirst, typeDayFirst } from '@/lib/day-first-date';

describe('a date typed day first, as Nigeria writes it', () => {
  it.each([
    ['17/05/1990', '1990-05-17'],
    ['17/5/1990', '1990-05-17'],
    ['7/5/1990', '1990-05-07'],
    ['17-05-1990', '1990-05-17'],
    ['17.05.1990', '1990-05-17'],
    ['17 05 1990', '1990-05-17'],
    ['17051990', '1990-05-17'],
    [' 17/05/1990 ', '1990-05-17'],
    ['1990-05-17', '1990-05-17'],
    ['29/02/2000', '2000-02-29'],
  ])('reads %j as %s', (typed, iso) => {
    expect(dayFirstToIso(typed)).toBe(iso);
  });

  it('reads 05/12/1990 as the 5th of December, never May the 12th', () => {
    expect(dayFirstToIso('05/12/1990')).toBe('1990-12-05');
  });

  it.each(['31/02/1990', '29/02/2001', '13/13/1990', '1990/05/17', '17/05/90', 'yesterday', ''])(
    'refuses %j',
    (typed) => {
      expect(dayFirstToIso(typed)).toBeNull();
    },
  );

  it('shows a stored date day first', () => {
    expect(isoToDayFirst('1990-05-17')).toBe('17/05/1990');
  });
});

describe('typing a date on a number pad', () => {
  const type = (keys: string) => [...keys].reduce((shown, key) => typeDayFirst(shown, shown + key), '');

  it('adds the slashes after the day and the month', () => {
    expect(type('17051990')).toBe('17/05/1990');
  });

  it('does not double a slash the player types too', () => {
    expect(type('17/05/1990')).toBe('17/05/1990');
  });

  it('lets the player delete back through a slash', () => {
    expect(typeDayFirst('17/', '17')).toBe('17');
    expect(typeDayFirst('17/05/', '17/05')).toBe('17/05');
  });
});
