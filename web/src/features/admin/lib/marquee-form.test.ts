import { describe, expect, it } from 'vitest';
import { marqueeFormFrom, marqueeInputFrom, marqueeState } from './marquee-form';

const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('the marquee form', () => {
  it('sends WAT times as UTC, empty times as null and squeezes spaces', () => {
    const result = marqueeInputFrom({
      text: '  Double   odds tonight ',
      active: true,
      startsAt: '2026-11-22T19:00',
      endsAt: '',
      priority: '5',
    });
    expect(result.input).toEqual({
      text: 'Double odds tonight',
      active: true,
      starts_at: '2026-11-22T18:00:00.000Z',
      ends_at: null,
      priority: 5,
    });
  });

  it('refuses an empty message, an end before the start and a silly priority', () => {
    const result = marqueeInputFrom({
      text: ' ',
      active: true,
      startsAt: '2026-11-22T19:00',
      endsAt: '2026-11-22T18:00',
      priority: '1.5',
    });
    expect(Object.keys(result.errors ?? {}).sort()).toEqual(['ends_at', 'priority', 'text']);
    expect(marqueeInputFrom({ ...marqueeFormFrom(), text: 'x'.repeat(281) }).errors?.text).toBe('At most 280 characters');
  });

  it('says where a message stands now', () => {
    const base = { active: true, starts_at: null, ends_at: null };
    expect(marqueeState(base, NOW)).toBe('live');
    expect(marqueeState({ ...base, active: false }, NOW)).toBe('inactive');
    expect(marqueeState({ ...base, starts_at: '2026-11-22T13:00:00Z' }, NOW)).toBe('scheduled');
    expect(marqueeState({ ...base, ends_at: '2026-11-22T11:00:00Z' }, NOW)).toBe('ended');
  });
});
