/**
 * Resolves once the browser has shown the app's first contentful paint (and at once for the rest of the visit).
 *
 * Data the first screen can do without (the announcements, the home page's lists) is asked for after it: its
 * answer can then never be handled, and re-render the page, before the first paint, and the paint does not count
 * as waiting on it (Lighthouse's estimate of First and Largest Contentful Paint treats every request started before
 * a paint as one that paint needed). A page's main content (the play page's game) does not wait.
 */
let painted: Promise<void> | undefined;

/** How long to wait at most (a hidden tab paints nothing). */
const FALLBACK_MS = 1000;

export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    const supported =
      typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
    if (!supported) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(fallback);
      observer.disconnect();
      resolve();
    };
    const fallback = setTimeout(done, FALLBACK_MS);
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
  return painted;
}
