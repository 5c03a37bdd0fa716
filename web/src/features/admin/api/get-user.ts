import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminListsUnder } from '@/features/admin/api/admin-table';
import type { UserDetail } from '@/features/admin/types';

export const adminUserQueryKey = (id: string | number) => ['admin', 'user', String(id)] as const;

const userPath = (id: string | number) => `/admin/users/${encodeURIComponent(String(id))}`;

/** GET /admin/users/{id}: the player, their balance and their audit entries. */
export function getAdminUser(id: string, signal?: AbortSignal) {
  return api.get<UserDetail>(userPath(id), { signal }).then((response) => response.data);
}

export function useAdminUser(id: string) {
  return useQuery<UserDetail>({ queryKey: adminUserQueryKey(id), queryFn: ({ signal }) => getAdminUser(id, signal) });
}

/** GET /admin/users/{id}/tickets: the player's tickets, a docs/product.md §15 table (rows as in GET /tickets). */
export const userTicketsPath = (id: string | number) => `${userPath(id)}/tickets`;

/**
 * GET /admin/users/{id}/transactions: the player's ledger, a docs/product.md §15 table (rows as in GET /transactions).
 */
export const userTransactionsPath = (id: string | number) => `${userPath(id)}/transactions`;

/** A player's tickets and transactions lists, or (no id) every player's, for refetching after money moved. */
export const userListsFilter = (id?: string | number) =>
  adminListsUnder(id === undefined ? '/admin/users/' : `${userPath(id)}/`);
