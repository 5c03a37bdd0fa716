/**
 * The marquee messages live now: fetched once (GET /marquees/active), then replaced by every `marquee.updated`
 * and by the snapshot after each (re)connect, so an open page follows the back office without reloading.
 * While the live connection is down it refetches every 30 s instead. A failed fetch shows nothing rather than
 * an error: the strip is decoration, not the page.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useConnectionStatus } from '@/lib/realtime-provider';
import type { RealtimeMessage } from '@/lib/realtime';
import { useRealtimeMessage } from '@/lib/use-realtime-message';
import { activeMarqueesQueryKey, getActiveMarquees, type LiveMarquee } from '@/features/marquee/api/get-active-marquees';

export const MARQUEE_POLL_MS = 30_000;

/** The messages a socket message carries, or null when it carries none. */
export function marqueesFrom(message: RealtimeMessage): LiveMarquee[] | null {
  const data = message.data as { marquees?: unknown } | null | undefined;
  if (!data || !Array.isArray(data.marquees)) return null;
  return data.marquees.filter(
    (m): m is LiveMarquee => typeof m === 'object' && m !== null && typeof (m as LiveMarquee).text === 'string',
  );
}

export function useLiveMarquees(): LiveMarquee[] {
  const queryClient = useQueryClient();
  const status = useConnectionStatus();
  useRealtimeMessage(['snapshot', 'marquee.updated'], (message) => {
    const marquees = marqueesFrom(message);
    if (!marquees) return;
    // A fetch still on its way would bring older news: drop it.
    void queryClient.cancelQueries({ queryKey: activeMarqueesQueryKey });
    queryClient.setQueryData(activeMarqueesQueryKey, marquees);
  });
  const query = useQuery({
    queryKey: activeMarqueesQueryKey,
    queryFn: ({ signal }) => getActiveMarquees(signal),
    staleTime: MARQUEE_POLL_MS,
    refetchInterval: status === 'open' ? false : MARQUEE_POLL_MS,
    retry: false,
  });
  return query.data ?? [];
}
