/**
 * Compliance in the back office (docs/compliance.md): the states the operator is licensed in (GET/POST
 * /admin/licence), withholding-tax rules (GET /admin/tax-rules, POST /admin/tax-rules/create) and the month's
 * reports — three CSV downloads (the regulator's return, the settled draws, the tax remittance schedule), the
 * settled draws by game (GET /admin/reports/draws) and two lists (large transactions for NFIU, AML flags).
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

/** One settled draw's figures, or a game's (and the month's) sum of them; kobo. */
export type DrawFigures = {
  tickets: number;
  winners: number;
  stakes: number;
  payouts: number;
  tax_withheld: number;
  net_paid: number;
  house_result: number;
};
export type SettledDrawResult = DrawFigures & {
  month: string;
  game: string;
  draw_id: number;
  draw_number: number | null;
  draws_at: string;
};
export type GameMonth = DrawFigures & { game: string; draws: number };
export type DrawResultsMeta = { games: GameMonth[]; total: DrawFigures & { draws: number } };
export type DrawResults = DrawResultsMeta & { draws: SettledDrawResult[] };

const NO_DRAWS = { draws: 0, tickets: 0, winners: 0, stakes: 0, payouts: 0, tax_withheld: 0, net_paid: 0, house_result: 0 };

/** The month's settled draws and their sums by game (GET /admin/reports/draws?format=json). */
export function useDrawResults(month: string) {
  return useQuery({
    queryKey: ['admin', 'reports', 'draws', month],
    queryFn: ({ signal }) =>
      api
        .get<SettledDrawResult[], DrawResultsMeta>(`/admin/reports/draws?${new URLSearchParams({ month, format: 'json' })}`, { signal })
        .then((a): DrawResults => ({ draws: a.data ?? [], games: a.meta?.games ?? [], total: a.meta?.total ?? NO_DRAWS })),
  });
}

export type CsvReport = 'regulator' | 'draws' | 'tax-remittance';

export function downloadReport(report: CsvReport, params: ReportParams) {
  return apiDownload(`/admin/reports/${report}?${query(params)}`, `ayo-lotto-${report}-${params.month}.csv`);
}
