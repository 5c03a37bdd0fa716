/**
 * The risk desk's API (docs/decisions/048-exact-liability.md, 053): GET /admin/draws/{id}/risk, a draw's live
 * liability, polled every few seconds while the page is open (there is no admin event stream for it), and
 * POST /admin/draws/{id}/close-numbers or /reopen-numbers `{numbers, reason}` (audited).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';

/** How often an open draw's risk is read again while the desk shows it. */
export const RISK_REFRESH_MS = 3_000;

/** The share of its reserve past which a draw is flagged (the server's `risk_reserve_warning` metric uses the same). */
export const RESERVE_WARNING_PERCENT = 80;

export type NumberRisk = { number: number; stake: number; payout: number };
export type ComboRisk = { numbers: number[]; payout: number };
export type RiskLimits = {
  reserve: number | null;
  max_number_payout: number | null;
  max_combination_payout: number | null;
  max_stake_per_number: number | null;
};

/** GET /admin/draws/{id}/risk's `data` (kobo, gross of tax). */
export type DrawRisk = {
  draw_id: number;
  game_id: number;
  status: string;
  worst_case_payout: number;
  worst_case_balls: number[];
  reserve: number | null;
  reserve_used_percent: number | null;
  stakes: number;
  expected_payout: number;
  expected_margin: number;
  tickets: number;
  exact: boolean;
  /** The exact search is still running: `worst_case_payout` is the running upper bound sales are checked against. */
  worst_case_searching: boolean;
  limits: RiskLimits;
  numbers: NumberRisk[];
  top_numbers: NumberRisk[];
  top_pairs: ComboRisk[];
  top_triples: ComboRisk[];
  closed_numbers: number[];
};

export const drawRiskKey = (drawId: number) => ['admin', 'draw-risk', drawId] as const;

export function getDrawRisk(drawId: number, signal?: AbortSignal) {
  return api
    .get<DrawRisk>(`/admin/draws/${drawId}/risk`, { signal, handled: (error: ApiError) => error.status === 409 })
    .then((response) => response.data);
}

export function drawRiskQueryOptions(drawId: number) {
  return queryOptions({
    queryKey: drawRiskKey(drawId),
    queryFn: ({ signal }) => getDrawRisk(drawId, signal),
    refetchInterval: RISK_REFRESH_MS,
  });
}

export function useDrawRisk(drawId: number) {
  return useQuery(drawRiskQueryOptions(drawId));
}

export type CloseNumbers = { drawId: number; numbers: number[]; reason: string; close: boolean };

/** Closes or reopens numbers for a draw; a 422 (a bad number, a short reason) is shown beside the form. */
export function closeNumbers({ drawId, numbers, reason, close }: CloseNumbers) {
  const action = close ? 'close-numbers' : 'reopen-numbers';
  return api.post<{ closed_numbers: number[] }>(
    `/admin/draws/${drawId}/${action}`,
    { numbers, reason },
    { handled: (error: ApiError) => error.status === 422 },
  );
}

export function useCloseNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeNumbers,
    onSettled: (_data, _error, { drawId }) => queryClient.invalidateQueries({ queryKey: drawRiskKey(drawId) }),
  });
}

/** Whether a draw's worst case has passed the warning share of its reserve. */
export function pastWarning(risk: Pick<DrawRisk, 'reserve_used_percent'>): boolean {
  return risk.reserve_used_percent !== null && risk.reserve_used_percent >= RESERVE_WARNING_PERCENT;
}
