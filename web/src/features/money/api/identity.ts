/**
 * The player's identity check before their first withdrawal (docs/api-identity.md): GET /identity says where it
 * stands (none, verified, review, rejected) with the NIN masked; POST /identity/create sends a NIN (11 digits) or a
 * virtual NIN to the identity provider. A bad number or one the register does not know is a 422 on its field, too
 * many checks a 429, a provider that did not answer a 503: all shown in the form, so they are `handled` here. An
 * admin's decision arrives on the socket as `identity.updated` and replaces the cached check (lib/realtime-provider).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

import type { Identity } from '@/types/money';

export type { Identity, IdentityStatus } from '@/types/money';

export type IdentityInput = { nin: string } | { vnin: string };

export function useIdentity() {
  return useQuery({
    queryKey: queryKeys.identity,
    queryFn: ({ signal }) => api.get<Identity>('/identity', { signal }).then((answer) => answer.data),
  });
}

const handled = (error: ApiError) => [409, 422, 429, 503].includes(error.status);

export function useSubmitIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IdentityInput) =>
      api.post<Identity>('/identity/create', input, { handled }).then((answer) => answer.data),
    onSuccess: (identity) => queryClient.setQueryData(queryKeys.identity, identity),
  });
}
