import { afterEach, describe, expect, it } from 'vitest';
import { keepSlip, readKeptSlip } from './kept-slip';

afterEach(() => sessionStorage.clear());

const offered = ['NAP1', 'PERM2', 'AGAINST'] as const;

describe('the slip kept through a refresh', () => {
  it('comes back with its bet type, picks and stake', () => {
    const slip = { betType: 'PERM2' as const, numbers: [7, 21, 45], top: [], bottom: [], group: 'top' as const };
    keepSlip(1, { slip, stakeText: '50' });
    expect(readKeptSlip(1, [...offered])).toEqual({ slip, stakeText: '50' });
  });

  it('is kept per game', () => {
    keepSlip(1, { slip: { betType: 'NAP1', numbers: [7], top: [], bottom: [], group: 'top' }, stakeText: '10' });
    expect(readKeptSlip(2, [...offered])).toBeNull();
  });

  it.each([
    ['a bet type the game no longer offers', { betType: 'PERM5', numbers: [1, 2, 3, 4, 5], top: [], bottom: [], group: 'top' }],
    ['a number off the board', { betType: 'PERM2', numbers: [7, 91], top: [], bottom: [], group: 'top' }],
    ['a number twice', { betType: 'PERM2', numbers: [7, 7], top: [], bottom: [], group: 'top' }],
    ['a number in both AGAINST groups', { betType: 'AGAINST', numbers: [], top: [1, 2], bottom: [2, 3], group: 'top' }],
    ['not numbers at all', { betType: 'PERM2', numbers: ['7', '8'], top: [], bottom: [], group: 'top' }],
  ])('is dropped when it holds %s', (_what, slip) => {
    sessionStorage.setItem('ayo.slip.1', JSON.stringify({ slip, stakeText: '10' }));
    expect(readKeptSlip(1, [...offered])).toBeNull();
  });

  it('is dropped when the stored text is not JSON', () => {
    sessionStorage.setItem('ayo.slip.1', '{not json');
    expect(readKeptSlip(1, [...offered])).toBeNull();
  });
});
