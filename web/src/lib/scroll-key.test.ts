import { describe, expect, it } from 'vitest';
import { scrollKey } from '@/lib/scroll-key';

describe('where a page keeps its scroll position', () => {
  it('keeps two pages opened by full loads apart (each first load is "default" to the router)', () => {
    const results = scrollKey({ key: 'default', pathname: '/results', search: '' });
    const rules = scrollKey({ key: 'default', pathname: '/lottery-rules', search: '' });
    expect(results).not.toBe(rules);
  });

  it('keeps the same page with other filters apart', () => {
    expect(scrollKey({ key: 'default', pathname: '/results', search: '?game=1' })).not.toBe(
      scrollKey({ key: 'default', pathname: '/results', search: '?game=2' }),
    );
  });

  it('keeps a page reached by a link under its own entry, so Back returns to where the player was', () => {
    expect(scrollKey({ key: 'a1b2c3', pathname: '/results', search: '' })).toBe('a1b2c3');
    expect(scrollKey({ key: 'd4e5f6', pathname: '/results', search: '' })).not.toBe(
      scrollKey({ key: 'a1b2c3', pathname: '/results', search: '' }),
    );
  });
});
