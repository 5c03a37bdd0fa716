/** Money objects as the server sends them (docs/api-money.md). Amounts are integer kobo; times RFC 3339 UTC. */

/**
 * `held`: paid at the gateway but not credited, over the deposit limits; refunded by the operator. `expired`: the
 * checkout closed unpaid (the server says so once `expires_at` has passed); a payment that still arrives is credited.
 */
export type DepositStatus = 'pending' | 'expired' | 'success' | 'failed' | 'held';

export type Deposit = {
  reference: string;
  amount: number;
  status: DepositStatus;
  gateway: 'sandbox' | 'paystack' | string;
  authorization_url: string | null;
  failure_reason: string | null;
  /** Why a `held` deposit was not credited, for the player. */
  held_reason?: string | null;
  /** When the checkout closes on the server (RFC 3339). */
  expires_at?: string;
  created_at: string;
  updated_at: string;
};

export type WithdrawalStatus = 'pending' | 'processing' | 'success' | 'rejected' | 'failed' | 'reversed';

export type Withdrawal = {
  id: number;
  user_id: number;
  /** Positive kobo. */
  amount: number;
  status: WithdrawalStatus;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  /** Why it was rejected or failed. */
  reason: string | null;
  transfer_reference: string;
  transaction_id: number;
  created_at: string;
  updated_at: string;
};

export type BankAccount = {
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  created_at: string;
  updated_at: string;
  /** After a change of account, withdrawals wait until this time (RFC 3339); null when nothing is held. */
  withdrawals_held_until: string | null;
};

/**
 * How the resolved name compares with the player's: the name on their NIN once checked (`nin`), else the name they
 * signed up with (`registered`). `review_needed`: saving it sends their withdrawals to a person's review first.
 */
export type PayoutNameCheck = {
  verdict: 'match' | 'unsure' | 'mismatch';
  compared_with: string;
  compared_with_kind: 'nin' | 'registered';
  review_needed: boolean;
  message: string;
};

/** POST /accounts/resolve: whose account a bank code and number are, and whether that name is the player's. */
export type ResolvedAccount = Pick<BankAccount, 'bank_code' | 'bank_name' | 'account_number' | 'account_name'> & {
  name_check?: PayoutNameCheck;
};

export type LimitPeriod = 'daily' | 'weekly' | 'monthly';

/** A limit change waiting for its 24 hours: the new amount (null = no limit) and when it applies. */
export type PendingLimit = { amount: number | null; effective_at: string } | null;

export type DepositLimits = Record<LimitPeriod, number | null> & { pending: Record<LimitPeriod, PendingLimit> };

/** GET /limits adds what each rolling window already holds. */
export type LimitsAnswer = DepositLimits & {
  used: Record<LimitPeriod, number>;
  window: 'rolling';
  /** Whether any deposit has been credited yet: before the first, the deposit page offers limits. */
  has_deposited?: boolean;
};

export type ExclusionKind = 'timeout' | 'self_exclusion';
export type ExclusionPeriod = '24h' | '7d' | '30d' | '6m' | '1y' | '5y';

export type Exclusion = { kind: ExclusionKind; period: ExclusionPeriod; starts_at: string; ends_at: string };

/** `data.responsible_gaming` of GET /auth/profiles. */
export type ResponsibleGaming = {
  limits: DepositLimits;
  exclusion: Exclusion | null;
  window: 'rolling';
  /** Minutes between reality checks; 0 = off. */
  reality_check_minutes?: number;
};

/**
 * GET /reality-check (docs/api-money.md): this session (since the login that issued the token) in kobo.
 * `net_deposits` = deposits − withdrawals; `net` = wins − stakes (negative: lost); stakes are less refunds.
 */
export type RealityCheck = {
  interval_minutes: number;
  intervals: number[];
  session_started_at: string;
  previous_login_at: string | null;
  server_time: string;
  deposits: number;
  withdrawals: number;
  stakes: number;
  wins: number;
  net_deposits: number;
  net: number;
};

export type IdentityStatus = 'none' | 'verified' | 'review' | 'rejected';

/** The player's identity check (GET /identity, and the socket's `identity.updated` when an admin decides it). */
export type Identity = {
  status: IdentityStatus;
  kind: 'nin' | 'vnin' | null;
  masked_nin: string | null;
  provider: string;
  /** The built-in sandbox provider: no real register is asked. */
  sandbox: boolean;
  reason: string | null;
  message: string;
  updated_at: string | null;
};
