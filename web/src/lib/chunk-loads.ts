/**
 * Code fetched ahead of need (a prefetch nobody awaits) is counted here until it has arrived, so whoever ends the
 * page's life early can wait for it first. The test runner is the one that does: a test that ends while a prefetch
 * started by its last click is still loading would otherwise tear the page down under the loader.
 */
const inFlight = new Set<Promise<unknown>>();

/** Starts counting `load` until it settles, and hands it back. */
export function counted<T>(load: Promise<T>): Promise<T> {
  inFlight.add(load);
  const done = () => inFlight.delete(load);
  load.then(done, done);
  return load;
}

/** Resolves once every counted load, those started while waiting included, has arrived or failed. */
export async function chunkLoadsSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
