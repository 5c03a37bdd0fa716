import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminListKey } from '@/features/admin/api/admin-table';

/** GET /admin/contacts is a table (see `useAdminList`); this marks one message handled. */
export const CONTACTS_PATH = '/admin/contacts';

export function resolveContact(id: number) {
  return api.post<null>(`/admin/contacts/${id}/resolve`);
}

export function useResolveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminListKey(CONTACTS_PATH) }),
  });
}
