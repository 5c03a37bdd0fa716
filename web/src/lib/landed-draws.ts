/**
 * The draws whose balls arrived live on this page (a `draw.result` on the socket), and when: the moment the
 * product exists for is shown as it happens, one ball at a time, and only then. A result read from a list, or
 * opened later, is shown whole at once.
 *
 * One store for the app, fed by `trackLandedDraws` from the moment the app starts, so that a result card that
 * mounts (or mounts again, as a draw moves from "Drawing now" to "Results") mid-reveal carries on from where the
 * reveal is, instead of starting again.
 */
import type { RealtimeClient } from '@/lib/realtime-client';

/** Between one ball and the next. */
export const BALL_STEP_MS = 1_200;
/** Five winning balls: the reveal is over when the last has landed (plus its own short animation). */
export const WINNING_BALLS = 5;
export const REVEAL_MS = BALL_STEP_MS * WINNING_BALLS;

const landedAt = new Map<number, number>();
/** Which copy of each draw on the page says its result (by the copy's `useId`). */
const announcer = new Map<number, string>();

/** A draw's balls arrived live at `at` (epoch ms); the first arrival counts. */
export function markLanded(drawId: number, at: number) {
  if (!landedAt.has(drawId)) landedAt.set(drawId, at);
}

/** How far into its reveal a draw is at `now` (ms), or null when it did not land live or its reveal is over. */
export function revealElapsed(drawId: number, now: number): number | null {
  const at = landedAt.get(drawId);
  if (at === undefined) return null;
  const elapsed = Math.max(0, now - at);
  return elapsed < REVEAL_MS ? elapsed : null;
}

/** When a draw's reveal is over (epoch ms): now for a draw that did not land live. */
export function revealEnds(drawId: number, now: number): number {
  const at = landedAt.get(drawId);
  return at === undefined ? now : Math.max(now, at + REVEAL_MS);
}

/**
 * The one announcement of a draw's result to screen readers: the first copy of the draw to ask (`owner`, its
 * `useId`) gets it, and keeps it if it asks again (a render run twice); any other copy stays silent.
 */
export function claimAnnouncement(drawId: number, owner: string): boolean {
  const holder = announcer.get(drawId);
  if (holder === undefined) announcer.set(drawId, owner);
  return (holder ?? owner) === owner;
}

/** Feed the store from the socket: every draw result that arrives. Answers how to stop. */
export function trackLandedDraws(client: Pick<RealtimeClient, 'onEffect'>, clock: () => number = Date.now) {
  return client.onEffect((effect) => {
    if (effect.kind === 'draw' && effect.result && effect.draw.numbers?.length) markLanded(effect.draw.id, clock());
  });
}

/** For tests: forget every draw. */
export function resetLandedDraws() {
  landedAt.clear();
  announcer.clear();
}
