import { api } from '@/lib/api-client';

/** GET /fairness/receipt-key: the operator's Ed25519 public key that signs every sold ticket. */
export type ReceiptKey = { algorithm: 'ed25519'; public_key: string; signed_text: string };

export async function getReceiptKey(signal?: AbortSignal): Promise<ReceiptKey> {
  const response = await api.get<ReceiptKey>('/fairness/receipt-key', { noAuth: true, signal, handled: () => true });
  return response.data;
}
