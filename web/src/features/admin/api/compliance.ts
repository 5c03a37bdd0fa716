/**
 * Compliance in the back office (docs/compliance.md): the states the operator is licensed in (GET/POST
 * /admin/licence), withholding-tax rules (GET /admin/tax-rules, POST /admin/tax-rules/create) and the month's
 * reports — two CSV downloads (the regulator's return, the tax remittance schedule) and two lists (large
 * transactions for NFIU, AML flags).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload, type ApiError } from '@/lib/api-client';
import type { TransactionStatus, TransactionType } from '@/types/lotto';

export type StateLicence = { code: string; name: string; licensed: boolean };
export type TaxRule = { state: string | null; rate_bp: number; from: string };
export type LargeTransaction = {
  id: number;
  created_at: string;
  user_id: number;
  player: string;
  state: string;
  type: TransactionType;
  status: TransactionStatus;
  amount: number;
  reference: string;
};
export type AmlFlag = { user_id: number; player: string; state: string; kind: 'structuring' | 'little_play'; detail: string };

/** The month and threshold every report of the page is for. */
export type ReportParams = { month: string; thresholdKobo: number; levyBp?: number };

const handled = (error: ApiError) => error.status === 422;

function query({ month, thresholdKobo, levyBp }: ReportParams) {
  const params = new URLSearchParams({ month, threshold: String(thresholdKobo) });
  if (levyBp !== undefined) params.set('levy_bp', String(levyBp));
  return params.toString();
}

export function useLicence() {
  return useQuery({
    queryKey: ['admin', 'licence'],
    queryFn: ({ signal }) => api.get<StateLicence[]>('/admin/licence', { signal }).then((a) => a.data ?? []),
  });
}

export function useSaveLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (states: string[]) => api.post<StateLicence[]>('/admin/licence/update', { states }, { handled }),
    onSuccess: (answer) => client.setQueryData(['admin', 'licence'], answer.data),
  });
}

export function useTaxRules() {
  return useQuery({
    queryKey: ['admin', 'tax-rules'],
    queryFn: ({ signal }) => api.get<TaxRule[]>('/admin/tax-rules', { signal }).then((a) => a.data ?? []),
  });
}

export function useAddTaxRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rule: { state: string; rate_bp: number; from: string }) =>
      api.post<TaxRule[]>('/admin/tax-rules/create', rule, { handled }),
    onSuccess: (answer) => client.setQueryData(['admin', 'tax-rules'], answer.data),
  });
}

export function useLargeTransactions(params: ReportParams) {
  return useQuery({
    queryKey: ['admin', 'reports', 'large', params.month, params.thresholdKobo],
    queryFn: ({ signal }) =>
      api.get<LargeTransaction[]>(`/admin/reports/large-transactions?${query(params)}`, { signal }).then((a) => a.data ?? []),
  });
}

export function useAmlFlags(params: ReportParams) {
  return useQuery({
    queryKey: ['admin', 'reports', 'aml', params.month, params.thresholdKobo],
    queryFn: ({ signal }) =>
      api.get<AmlFlag[]>(`/admin/reports/aml-flags?${query(params)}`, { signal }).then((a) => a.data ?? []),
  });
}

export type CsvReport = 'regulator' | 'tax-remittance';

export function downloadReport(report: CsvReport, params: ReportParams) {
  return apiDownload(`/admin/reports/${report}?${query(params)}`, `ayo-lotto-${report}-${params.month}.csv`);
}
