import { afterEach, describe, expect, it } from 'vitest';
import type { RealtimeEffect } from '@/lib/realtime';
import { makeDraw } from '@/testing/lotto';
import {
  claimAnnouncement,
  markLanded,
  resetLandedDraws,
  REVEAL_MS,
  revealElapsed,
  revealEnds,
  trackLandedDraws,
} from '@/lib/landed-draws';

afterEach(resetLandedDraws);

describe('a draw that lands live', () => {
  it('is revealed from the moment it arrived, until its last ball is out', () => {
    markLanded(42, 1_000);
    expect(revealElapsed(42, 1_000)).toBe(0);
    expect(revealElapsed(42, 3_400)).toBe(2_400);
    expect(revealElapsed(42, 1_000 + REVEAL_MS)).toBeNull();
    expect(revealEnds(42, 2_000)).toBe(1_000 + REVEAL_MS);
  });

  it('keeps its first arrival: a second copy of the result does not start the show again', () => {
    markLanded(42, 1_000);
    markLanded(42, 5_000);
    expect(revealElapsed(42, 5_000)).toBe(4_000);
  });

  it('shows a result read from a list at once', () => {
    expect(revealElapsed(41, 1_000)).toBeNull();
    expect(revealEnds(41, 1_000)).toBe(1_000);
  });

  it('is announced once, however many copies of it the page shows', () => {
    expect(claimAnnouncement(42, 'a')).toBe(true);
    expect(claimAnnouncement(42, 'a')).toBe(true);
    expect(claimAnnouncement(42, 'b')).toBe(false);
  });

  it('is recorded from the socket’s draw results only, not from other draw changes', () => {
    let listener: (effect: RealtimeEffect) => void = () => undefined;
    trackLandedDraws({ onEffect: (l) => ((listener = l), () => undefined) }, () => 7_000);
    listener({ kind: 'draw', draw: makeDraw({ id: 40, status: 'closed', numbers: null }), result: false });
    listener({ kind: 'draw', draw: makeDraw({ id: 42, status: 'drawn', numbers: [3, 36, 39, 44, 48] }), result: true });
    expect(revealElapsed(40, 7_000)).toBeNull();
    expect(revealElapsed(42, 7_000)).toBe(0);
  });
});
