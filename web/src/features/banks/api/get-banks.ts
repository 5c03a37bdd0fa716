/**
 * GET /accounts/banks (docs/product.md §15): Nigerian banks with their CBN codes, fetched with the bearer token and
 * cached in localStorage under `banks` (docs/product.md §12), so it is asked for once and then read from the phone.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { STORAGE_KEYS } from '@/lib/session';

export type Bank = { name: string; code: string; slug: string };

export function readCachedBanks(): Bank[] | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.banks);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    return Array.isArray(parsed) && parsed.length > 0 ? (parsed as Bank[]) : undefined;
  } catch {
    return undefined;
  }
}

export async function getBanks(signal?: AbortSignal): Promise<Bank[]> {
  const response = await api.get<Bank[]>('/accounts/banks', { signal });
  const banks = Array.isArray(response.data) ? response.data : [];
  try {
    localStorage.setItem(STORAGE_KEYS.banks, JSON.stringify(banks));
  } catch {
    // A full or disabled storage only costs a refetch next time.
  }
  return banks;
}

export function banksQueryOptions() {
  return queryOptions({
    queryKey: ['accounts', 'banks'],
    queryFn: ({ signal }) => getBanks(signal),
    initialData: readCachedBanks,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The bank list; `enabled` false until a player is logged in (the call needs the token). */
export function useBanks(enabled = true) {
  return useQuery({ ...banksQueryOptions(), enabled });
}
