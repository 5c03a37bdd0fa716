/**
 * The risk desk's API (docs/decisions/048-exact-liability.md, 053): GET /admin/draws/{id}/risk, a draw's live
 * liability, read again when the server pushes `risk.updated` for the draw (see `useLiveDrawRisk`) and polled every
 * few seconds only while the socket is down, and POST /admin/draws/{id}/close-numbers or /reopen-numbers
 * `{numbers, reason}` (audited).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';

/** How often an open draw's risk is read again while the desk shows it and the socket is down. */
export const RISK_REFRESH_MS = 3_000;

/** The share of its reserve past which a draw is flagged (the server's `risk.reserve_warning` alert uses the same). */
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

/** `poll`: how often to read it again (false while the server pushes `risk.updated`). */
export function drawRiskQueryOptions(drawId: number, poll: number | false = RISK_REFRESH_MS) {
  return queryOptions({
    queryKey: drawRiskKey(drawId),
    queryFn: ({ signal }) => getDrawRisk(drawId, signal),
    refetchInterval: poll,
  });
}

export function useDrawRisk(drawId: number, poll: number | false = RISK_REFRESH_MS) {
  return useQuery(drawRiskQueryOptions(drawId, poll));
}

/** `risk.updated`'s `data` (topic `admin`, at most one per draw every 250 ms after sales; kobo). */
export type RiskUpdated = {
  draw_id: number;
  game_id: number;
  tickets: number;
  stakes: number;
  /** The exact worst case when `worst_case_known`, else the running upper bound the sales are checked against. */
  worst_case_payout: number;
  worst_case_known: boolean;
  reserve: number | null;
  reserve_used_percent: number | null;
  past_warning: boolean;
};

export function isRiskUpdated(value: unknown): value is RiskUpdated {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RiskUpdated).draw_id === 'number' &&
    typeof (value as RiskUpdated).tickets === 'number'
  );
}

/**
 * The desk's report with a push's figures in: tickets and stakes always (they are exact), the worst case as the
 * push gives it (an upper bound is shown as "at most" until the report is read again).
 */
export function withPush(risk: DrawRisk, push: RiskUpdated): DrawRisk {
  return {
    ...risk,
    tickets: push.tickets,
    stakes: push.stakes,
    worst_case_payout: push.worst_case_payout,
    worst_case_searching: !push.worst_case_known,
    reserve: push.reserve,
    reserve_used_percent: push.reserve_used_percent,
  };
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
