import { QueryClient } from '@tanstack/react-query';

/** Errors already reach the player through the API client's dialogs, so no silent retries behind them. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * The client of the mounted app (set by AppProvider), so a route's loader can start its page's request while the
 * page's code is still downloading. Null while no app is mounted: loaders then leave the fetching to the page.
 */
let appClient: QueryClient | null = null;

export function setAppQueryClient(client: QueryClient | null) {
  appClient = client;
}

export function appQueryClient(): QueryClient | null {
  return appClient;
}
