import { api } from '@/lib/api-client';
import type { DrawLeaves } from '@/types/lotto';

/** The most leaves one page of GET /draws/{id}/leaves holds. */
export const LEAVES_PAGE = 1000;

/** GET /draws/{id}/leaves: one page of the draw's leaves, in ticket-id order (409 before close). */
export async function getDrawLeaves(drawId: number, offset: number, signal?: AbortSignal): Promise<DrawLeaves> {
  const response = await api.get<DrawLeaves>(`/draws/${drawId}/leaves?offset=${offset}&limit=${LEAVES_PAGE}`, {
    noAuth: true,
    signal,
    // The panel says what went wrong in place.
    handled: () => true,
  });
  return response.data;
}

/**
 * Every leaf of a draw, page after page until `next_offset` is null. `onPage` hears how many have arrived, for a
 * progress line. Stops at a page that does not move on, so a faulty answer cannot loop for ever.
 */
export async function getAllDrawLeaves(
  drawId: number,
  onPage?: (received: number, total: number) => void,
  signal?: AbortSignal,
): Promise<string[]> {
  const leaves: string[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page = await getDrawLeaves(drawId, offset, signal);
    leaves.push(...page.leaves);
    onPage?.(leaves.length, page.tree_size);
    const next: number | null = page.next_offset;
    if (next !== null && next <= offset) throw new Error('The ticket list did not page on.');
    offset = next;
  }
  return leaves;
}
