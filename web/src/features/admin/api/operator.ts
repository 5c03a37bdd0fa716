/**
 * Back office → Settings: the operator's identity (GET /admin/operator, POST /admin/operator/update, audited), with
 * whether a production server still lacks a licence number (docs/decisions/049).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { operatorKey, type Operator } from '@/lib/operator';

/** The back office's view: whether a production server still lacks a licence number. */
export type AdminOperator = Operator & { production: boolean; licence_missing: boolean };

export type OperatorInput = Omit<Operator, 'licences' | 'whatsapp_link' | 'licensed'> & {
  licences: { state: string; regulator: string; number: string }[];
};

/**
 * Read by every back-office page (the licence banner) and by Settings: a failure other than an ended session shows
 * no dialog over whatever page is open; Settings says it could not load instead.
 */
export function useAdminOperator() {
  return useQuery({
    queryKey: ['admin', 'operator'],
    queryFn: ({ signal }) =>
      api
        .get<AdminOperator>('/admin/operator', { signal, handled: (error: ApiError) => error.status !== 401 })
        .then((a) => a.data ?? null),
  });
}

export function useSaveOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (operator: OperatorInput) =>
      api.post<AdminOperator>('/admin/operator/update', operator, { handled: (error: ApiError) => error.status === 422 }),
    onSuccess: (answer) => {
      client.setQueryData(['admin', 'operator'], answer.data);
      void client.invalidateQueries({ queryKey: operatorKey });
    },
  });
}
