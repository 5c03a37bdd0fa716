/**
 * The marquee messages live now: fetched once (GET /marquees/active, half a second after the first paint unless the
 * socket's snapshot has brought them by then), then replaced by every `marquee.updated` and by the snapshot after
 * each (re)connect, so an open page follows the back office without reloading.
 * While the live connection is down it refetches every 30 s instead. A failed fetch shows nothing rather than
 * an error: the strip is decoration, not the page.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { afterFirstPaint } from '@/lib/first-paint';
import { useConnectionStatus } from '@/lib/realtime-provider';
import type { RealtimeMessage } from '@/lib/realtime';
import { useRealtimeMessage } from '@/lib/use-realtime-message';
import { activeMarqueesQueryKey, getActiveMarquees, type LiveMarquee } from '@/features/marquee/api/get-active-marquees';

export const MARQUEE_POLL_MS = 30_000;
export const MARQUEE_FETCH_DELAY_MS = 500;

/** Resolves after `ms`, or rejects as soon as `signal` aborts (React Query cancelled the fetch). */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The messages a socket message carries, or null when it carries none. */
export function marqueesFrom(message: RealtimeMessage): LiveMarquee[] | null {
  const data = message.data as { marquees?: unknown } | null | undefined;
  if (!data || !Array.isArray(data.marquees)) return null;
  return data.marquees.filter(
    (m): m is LiveMarquee => typeof m === 'object' && m !== null && typeof (m as LiveMarquee).text === 'string',
  );
}

/**
 * Whether this browser last saw the strip with messages. While the first answer is on its way the strip's place
 * is then held (see MarqueeStrip), so the page does not move down when the messages arrive (layout shift).
 */
const SHOWN_KEY = 'ayo.marquee.shown';

export function marqueesExpected(): boolean {
  try {
    return localStorage.getItem(SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberMarqueesShown(shown: boolean) {
  try {
    localStorage.setItem(SHOWN_KEY, shown ? '1' : '0');
  } catch {
    // Private mode or storage full: the strip just is not expected next time.
  }
}

/** The live messages, and whether the first answer is still on its way. */
export function useLiveMarquees(): { marquees: LiveMarquee[]; pending: boolean } {
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
    queryFn: async ({ signal }) => {
      await afterFirstPaint();
      // The socket's snapshot brings the messages too, usually within moments (and cancels this): ask over HTTP
      // only when it has not, and never while the page's own first downloads are under way.
      await wait(MARQUEE_FETCH_DELAY_MS, signal);
      return getActiveMarquees(signal);
    },
    staleTime: MARQUEE_POLL_MS,
    refetchInterval: status === 'open' ? false : MARQUEE_POLL_MS,
    retry: false,
  });
  return { marquees: query.data ?? [], pending: query.isPending };
}
