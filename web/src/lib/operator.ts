/**
 * Who runs the lottery (GET /operator, docs/decisions/049): read once per visit by the footer, /about, /contact and
 * the tax statement (the back office's side: features/admin/api/operator.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type OperatorLicence = { state: string; state_name: string; regulator: string; number: string };

export type Operator = {
  company: string;
  rc_number: string;
  licences: OperatorLicence[];
  address: string;
  support_phone: string;
  whatsapp: string;
  whatsapp_link: string | null;
  support_hours: string;
  reply_time: string;
  licensed: boolean;
};

export const operatorKey = ['operator'] as const;

export function useOperator() {
  return useQuery({
    queryKey: operatorKey,
    queryFn: ({ signal }) =>
      api.get<Operator>('/operator', { noAuth: true, signal, handled: () => true }).then((a) => a.data ?? null),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** `+2348012345678` as Nigerians write it: `+234 801 234 5678`. */
export function formatPhone(phone: string): string {
  const match = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `+234 ${match[1]} ${match[2]} ${match[3]}` : phone;
}
