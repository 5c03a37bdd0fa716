import { api } from '@/lib/api-client';

/** A live marquee message as GET /marquees/active and the socket send it (highest priority first). */
export type LiveMarquee = { id: number; text: string; priority?: number };

export const activeMarqueesQueryKey = ['marquees', 'active'] as const;

/** GET /marquees/active: public, so no token is sent (a guest must not be told to log in). */
export function getActiveMarquees(signal?: AbortSignal): Promise<LiveMarquee[]> {
  return api
    .get<LiveMarquee[]>('/marquees/active', { signal, noAuth: true, handled: () => true })
    .then((answer) => (Array.isArray(answer.data) ? answer.data : []));
}
