import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A named witness's public entry (GET /witnesses; docs/decisions/046). */
export type WitnessEntry = {
  id?: number;
  name: string;
  public_key: string;
  since: string;
  /** Who runs it, e.g. the demo's "Run by the operator, for the demo only: not an independent witness". */
  note: string | null;
};

/** GET /witnesses, read once a visit: the play page names the draw's witness with its public note. */
export function useWitnesses() {
  return useQuery({
    queryKey: ['witnesses'],
    queryFn: ({ signal }) =>
      api
        .get<{ witnesses: WitnessEntry[] }>('/witnesses', { noAuth: true, signal, handled: () => true })
        .then((a) => a.data?.witnesses ?? []),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
