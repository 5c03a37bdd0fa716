/**
 * The roots of the query keys that more than one part of the app touches: the live connection invalidates them,
 * features build their keys under them (`[...queryKeys.tickets, params]`).
 */
export const queryKeys = {
  games: ['games'] as const,
  draws: ['draws'] as const,
  tickets: ['tickets'] as const,
  transactions: ['transactions'] as const,
  /** My deposits (lists and one by reference). */
  deposits: ['deposits'] as const,
  /** My withdrawals. */
  withdrawals: ['withdrawals'] as const,
  /** My deposit limits with what each window has used (GET /limits). */
  limits: ['limits'] as const,
  /** My saved bank account (GET /accounts). */
  bankAccount: ['accounts', 'mine'] as const,
  /** My identity check (GET /identity): saving a bank account can send it back to review. */
  identity: ['identity', 'mine'] as const,
};
