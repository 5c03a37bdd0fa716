/** GET /tax-statement?year=YYYY: the withholding tax taken from my winnings in a year (docs/api-money.md). */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type TaxLine = { ticket_id: number | null; paid_at: string; gross: number; tax: number; net: number };
export type TaxStatement = {
  year: number;
  name: string;
  state: string | null;
  state_name: string | null;
  lines: TaxLine[];
  totals: { gross: number; tax: number; net: number };
};

export function useTaxStatement(year: number) {
  return useQuery({
    queryKey: ['tax-statement', year],
    queryFn: ({ signal }) => api.get<TaxStatement>(`/tax-statement?year=${year}`, { signal }).then((a) => a.data),
  });
}
