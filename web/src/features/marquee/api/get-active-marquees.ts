import { api } from '@/lib/api-client';
import { getValidToken } from '@/lib/session';

/** A live marquee message as GET /marquees/active and the socket send it (highest priority first). */
export type LiveMarquee = { id: number; text: string; priority?: number };

export const activeMarqueesQueryKey = ['marquees', 'active'] as const;

/**
 * GET /marquees/active: public. A logged-in player's token goes with it (a player on a break gets no messages);
 * a guest sends none and is never told to log in, and no failure shows a dialog.
 */
export function getActiveMarquees(signal?: AbortSignal): Promise<LiveMarquee[]> {
  return api
    .get<LiveMarquee[]>('/marquees/active', { signal, noAuth: !getValidToken(), handled: () => true })
    .then((answer) => (Array.isArray(answer.data) ? answer.data : []));
}
