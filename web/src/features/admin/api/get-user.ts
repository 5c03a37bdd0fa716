import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UserDetail } from '@/features/admin/types';

export const adminUserQueryKey = (id: string | number) => ['admin', 'user', String(id)] as const;

/** GET /admin/users/{id}: the player, balance, 100 newest tickets and transactions, and their audit entries. */
export function getAdminUser(id: string, signal?: AbortSignal) {
  return api.get<UserDetail>(`/admin/users/${encodeURIComponent(id)}`, { signal }).then((response) => response.data);
}

export function useAdminUser(id: string) {
  return useQuery<UserDetail>({ queryKey: adminUserQueryKey(id), queryFn: ({ signal }) => getAdminUser(id, signal) });
}
