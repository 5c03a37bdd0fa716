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
