/**
 * The logged-in player as the server knows them (GET /auth/profiles) and logging out (here at once, on the server
 * as well). Shared by the header, the back office, the profile page and the login flow; the session itself lives in
 * `session.ts`.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, API_BASE } from '@/lib/api-client';
import { clearSession, getSession, getValidToken, saveLogin, setSessionUser } from '@/lib/session';
import type { AuthResult, User } from '@/types/api';

export const profileQueryKey = ['auth', 'profile'] as const;

export async function getProfile(signal?: AbortSignal): Promise<User> {
  const response = await api.get<User>('/auth/profiles', { signal });
  setSessionUser(response.data);
  return response.data;
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile(enabled = true) {
  return useQuery({ ...profileQueryOptions(), enabled });
}

/**
 * docs/product.md §12 login success: save the token with its expiry, set the user, fetch the profile. The profile fetch
 * only freshens the user; the login stands even if it fails.
 */
export async function completeLogin(result: AuthResult, queryClient: QueryClient) {
  saveLogin(result);
  queryClient.setQueryData(profileQueryKey, result.user);
  await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 }).catch(() => undefined);
}

/**
 * docs/product.md §12: log out clears the user, the token and its expiry; cached answers go with them. The server is
 * told too (POST /auth/logout revokes the token and every other session of the account), but the phone does not wait
 * for it: the session here ends at once, whatever the network does.
 */
export function logout(queryClient: QueryClient) {
  const token = getValidToken();
  clearSession();
  queryClient.removeQueries();
  if (token) revokeOnServer(token);
}

/**
 * Fire and forget, outside the API client on purpose: the token is already gone from the session (so the client
 * could not send it), no failure may open a dialog or log anyone out again, and `keepalive` lets the request
 * finish while the page navigates away.
 */
function revokeOnServer(token: string) {
  try {
    fetch(`${API_BASE}/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch at all (an old browser, a test): the token still expires by itself.
  }
}

/**
 * A new wallet balance (a ticket bought, the socket's `wallet.updated`): the header shows it at once. Changes the
 * stored user and the cached profile; nothing is fetched.
 */
export function setBalance(queryClient: QueryClient, balance: number) {
  const update = (user: User): User => ({
    ...user,
    relationships: { ...user.relationships, wallet: { ...user.relationships?.wallet, balance } },
  });
  const user = getSession().user;
  if (user && user.role === 'user' && user.relationships?.wallet?.balance !== balance) setSessionUser(update(user));
  queryClient.setQueryData<User>(profileQueryKey, (cached) => (cached ? update(cached) : cached));
}
