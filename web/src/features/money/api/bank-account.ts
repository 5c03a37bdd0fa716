/**
 * The player's bank account for withdrawals (docs/api-money.md): GET /accounts, POST /accounts/resolve (whose
 * account a bank code and number are; 10 look-ups a minute) and POST /accounts/create (save or replace; the
 * server resolves the name again, so what is saved is always the bank's name). Replacing a saved account needs the
 * player's password, and pauses withdrawals for 24 hours (`withdrawals_held_until`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { BankAccount, ResolvedAccount } from '@/types/money';

export type AccountInput = { bank_code: string; account_number: string };
/** `current_password`: required when an account is already saved (a wrong one is a 422 naming it). */
export type SaveAccountInput = AccountInput & { current_password?: string };

export function useBankAccount() {
  return useQuery({
    queryKey: queryKeys.bankAccount,
    queryFn: ({ signal }) => api.get<BankAccount | null>('/accounts', { signal }).then((answer) => answer.data ?? null),
  });
}

/**
 * Shown in the form, not in a dialog: a number the bank does not know (422), too many look-ups (429) and a bank
 * network that did not answer (503).
 */
const lookupHandled = (error: ApiError) => error.status === 422 || error.status === 429 || error.status === 503;

export function resolveAccount(input: AccountInput, signal?: AbortSignal) {
  return api
    .post<ResolvedAccount>('/accounts/resolve', input, { signal, handled: lookupHandled })
    .then((answer) => answer.data);
}

/**
 * The name behind a bank code and number, asked once per pair (a look-up is a call to the bank network and
 * counts against the limit), never retried by itself.
 */
export function useResolvedAccount(input: AccountInput | null) {
  return useQuery({
    queryKey: ['accounts', 'resolve', input?.bank_code, input?.account_number],
    queryFn: ({ signal }) => resolveAccount(input as AccountInput, signal),
    enabled: input !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    refetchOnWindowFocus: false,
  });
}

export type SavedAccount = { data: BankAccount; message?: string };

export function saveBankAccount(input: SaveAccountInput): Promise<SavedAccount> {
  return api.post<BankAccount>('/accounts/create', input, { handled: lookupHandled });
}

export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBankAccount,
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.bankAccount, answer.data);
      // A new payout name is compared with the name on the NIN again (it may go back to review).
      void queryClient.invalidateQueries({ queryKey: queryKeys.identity });
    },
  });
}
