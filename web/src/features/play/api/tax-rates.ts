import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TaxRates } from '../tax-line';

/** GET /tax-rates, read once a visit: the bet slip's after-tax line. A failure leaves the slip without it. */
export function useTaxRates() {
  return useQuery({
    queryKey: ['tax-rates'],
    queryFn: ({ signal }) =>
      api.get<TaxRates>('/tax-rates', { noAuth: true, signal, handled: () => true }).then((a) => a.data ?? null),
    staleTime: 30 * 60_000,
    retry: false,
  });
}
