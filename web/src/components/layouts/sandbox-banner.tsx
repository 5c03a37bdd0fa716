/**
 * A strip on every page while the server runs the built-in SANDBOX payment gateway (GET /health `payments`): no real
 * money moves, so nobody mistakes a demo or a test install for the real lottery.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import './sandbox-banner.css';

type Health = { status: string; version: string; payments: 'sandbox' | 'paystack' };

async function getHealth({ signal }: { signal: AbortSignal }) {
  const response = await api.get<Health>('/health', { noAuth: true, signal, handled: () => true });
  return response.data;
}

export function SandboxBanner() {
  const { data } = useQuery({ queryKey: ['health'], queryFn: getHealth, staleTime: Infinity, retry: false });
  if (data?.payments !== 'sandbox') return null;
  return (
    <p className="sandbox-banner" role="note">
      <strong>SANDBOX</strong> — no real money. Deposits, wins and withdrawals here are for testing only.
    </p>
  );
}
