/**
 * Identity checks whose names did not clearly match (docs/api-identity.md): GET /admin/identity-reviews lists them,
 * oldest first; POST /admin/identity-reviews/{id}/approve or /reject decides one with a reason (the id is the
 * player's). A missing reason (422) and one another admin decided first (409) show in the confirmation.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import type { IdentityReview } from '@/features/admin/types';

export const identityReviewsQueryKey = ['admin', 'identity-reviews'] as const;

export function useIdentityReviews() {
  return useQuery({
    queryKey: identityReviewsQueryKey,
    queryFn: ({ signal }) =>
      api.get<IdentityReview[]>('/admin/identity-reviews?per_page=100', { signal }).then((answer) => answer.data ?? []),
    // Another admin may decide one while the page is open.
    refetchInterval: 30_000,
  });
}

export type IdentityDecision = 'approve' | 'reject';

const handled = (error: ApiError) => error.status === 409 || error.status === 422;

export function useDecideIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: number; decision: IdentityDecision; reason: string }) =>
      api.post<IdentityReview>(`/admin/identity-reviews/${id}/${decision}`, { reason }, { handled }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: identityReviewsQueryKey }),
  });
}
