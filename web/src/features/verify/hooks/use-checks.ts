import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { Check } from '../check';

/**
 * Runs checks in this browser once per set of inputs (`key` names them all) and keeps the outcome while the page
 * is open: the same draw opened twice is not hashed twice. A failure to compute (no WebCrypto, text that is not
 * hex) is an error with words for the player, never a dialog.
 */
export function useChecks(key: QueryKey, run: () => Promise<Check[]>, enabled = true) {
  return useQuery({
    queryKey: ['verify', ...key],
    queryFn: run,
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
