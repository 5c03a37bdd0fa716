/**
 * A player's picks, bet type and stake survive a refresh of the play page (a dropped connection on a phone often
 * means a reload): kept in this tab's sessionStorage per game, as they stand on screen (a bought ticket empties
 * the slip, and so what is kept), until the tab closes. What comes back is checked like anything from outside: a
 * stored slip that no longer fits the game (a bet type it stopped offering, a number off the board) is dropped,
 * never half-used.
 */
import { HIGHEST, LOWEST } from '@/lotto';
import type { BetType } from '@/types/lotto';
import type { Slip } from './bet-slip';

export type KeptSlip = { slip: Slip; stakeText: string };

const key = (gameId: number) => `ayo.slip.${gameId}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const isBall = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= LOWEST && (n as number) <= HIGHEST;
const balls = (value: unknown): number[] | null =>
  Array.isArray(value) && value.length <= HIGHEST && value.every(isBall) && new Set(value).size === value.length
    ? (value as number[])
    : null;

/** The slip kept for `gameId`, if it is still a slip of this game's bet types. */
export function readKeptSlip(gameId: number, offered: readonly BetType[]): KeptSlip | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(key(gameId)) ?? 'null');
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const { slip, stakeText } = raw as { slip?: Record<string, unknown>; stakeText?: unknown };
  if (!slip || typeof stakeText !== 'string' || stakeText.length > 20) return null;
  const betType = slip.betType as BetType;
  const [numbers, top, bottom] = [balls(slip.numbers), balls(slip.top), balls(slip.bottom)];
  if (!offered.includes(betType) || !numbers || !top || !bottom) return null;
  if (top.some((n) => bottom.includes(n))) return null;
  const group = slip.group === 'bottom' ? 'bottom' : 'top';
  return { slip: { betType, numbers, top, bottom, group }, stakeText };
}

export function keepSlip(gameId: number, kept: KeptSlip) {
  try {
    storage()?.setItem(key(gameId), JSON.stringify(kept));
  } catch {
    // A full or refused storage only means the picks will not survive a refresh.
  }
}
