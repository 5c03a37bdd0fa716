/**
 * Residence (docs/api-accounts.md): GET /states says which states Ayo Lotto is licensed in; POST /users/residence
 * records a player's state once (a change goes through support).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { setSessionUser } from '@/lib/session';
import type { User } from '@/types/api';

export type StateLicence = { code: string; name: string; licensed: boolean };

export function useLicensedStates() {
  return useQuery({
    queryKey: ['states'],
    queryFn: ({ signal }) => api.get<StateLicence[]>('/states', { signal, noAuth: true, handled: () => true }).then((answer) => answer.data),
    staleTime: 5 * 60_000,
  });
}

export function useSaveResidence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (state: string) =>
      api
        .post<User>('/users/residence', { state }, { handled: (error) => error.status === 422 })
        .then((answer) => answer.data),
    onSuccess: (user) => {
      setSessionUser(user);
      queryClient.setQueryData(profileQueryKey, user);
    },
  });
}
