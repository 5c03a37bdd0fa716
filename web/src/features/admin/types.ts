/** What the back office API answers (docs/api-admin.md). Amounts are integer kobo; times RFC 3339 UTC. */
import type { User } from '@/types/api';
import type { Draw, Game, Ticket, Transaction } from '@/types/lotto';
import type { BankAccount, Exclusion, Withdrawal } from '@/types/money';

export type MoneyTotals = { deposits: number; stakes: number; wins: number; ggr: number };

export type DashboardFigures = {
  players_total: number;
  players_new_today: number;
  players_verified: number;
  pending_withdrawals: { count: number; amount: number };
  /** The Lagos calendar month so far (`month` is `YYYY-MM`): the tax withheld from wins, owed to the states. */
  this_month?: { month: string; tax_withheld: number };
  /** 30 days, oldest first; `date` is `YYYY-MM-DD`. */
  series: (MoneyTotals & { date: string })[];
  today: MoneyTotals;
} & MoneyTotals;

/** A row of GET /admin/games (paused games too): the game, its draw on sale (`next_draw`) and its 10 newest draws. */
export type AdminGame = Game & { draws: Draw[]; created_at?: string };

/** The editable part of a game (POST /admin/games, PUT /admin/games/{id}). */
export type GameInput = Pick<
  Game,
  'name' | 'description' | 'status' | 'schedule' | 'close_before_secs' | 'bet_types' | 'multipliers' | 'stake_rules'
>;

/** GET /admin/games/{id}/players: a ticket with its player. */
export type PlayerTicket = Ticket & {
  player: { id: number; name: string | null; email: string | null };
  player_name: string | null;
};

/** Players in the users table carry their balance in `relationships.wallet.balance`. */
/** A player as the back office lists them: `protection` is the time-out or self-exclusion in force, or null. */
export type AdminUser = User & { protection?: Exclusion | null };

/** An audit entry: GET /admin/activities and a player's `activities` share this shape. */
export type Activity = {
  id: number;
  created_at: string;
  actor_id: number | null;
  actor: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  detail: string | null;
};

/**
 * GET /admin/users/{id}: the player and their audit entries (in the audit log's shape). Their tickets and
 * transactions are tables of their own (GET /admin/users/{id}/tickets and /transactions).
 */
/** A player's NIN check on their record (GET /admin/users/{id}): the number masked, never whole. */
export type RecordIdentity = {
  status: 'none' | 'verified' | 'review' | 'rejected';
  kind: 'nin' | 'vnin';
  masked_nin: string;
  updated_at: string;
};

/** A player's payout account on their record: the number cut to its last four digits. */
export type RecordBankAccount = {
  bank_name: string;
  masked_account_number: string;
  account_name: string;
  updated_at: string;
  withdrawals_held_until: string | null;
};

export type UserDetail = AdminUser & {
  activities: Activity[];
  /** Null until the player gives a NIN. */
  identity?: RecordIdentity | null;
  /** Null until the player saves a bank account. */
  bank_account?: RecordBankAccount | null;
};

export type Contact = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
  resolved_at: string | null;
  status: 'new' | 'handled';
};

export type Marquee = {
  id: number;
  text: string;
  active: boolean;
  starts_at: string | null;
  ends_at: string | null;
  priority: number;
  created_at: string;
  updated_at: string;
  /** Showing on the site right now (lists only). */
  live?: boolean;
};

export type MarqueeInput = {
  text: string;
  active: boolean;
  starts_at: string | null;
  ends_at: string | null;
  priority: number;
};

/** The player a money row belongs to (the admin money lists add it). */
export type RowPlayer = {
  player: { id: number; name: string | null; email: string | null };
  player_name: string | null;
  player_email: string | null;
};

/** GET /admin/withdrawals: a withdrawal with its player. */
export type AdminWithdrawal = Withdrawal & RowPlayer;

/** GET /admin/transactions: a ledger row with its player, and for a withdrawal the withdrawal itself. */
export type AdminTransaction = Transaction & RowPlayer & { withdrawal?: Withdrawal | null };

/** GET /admin/accounts: a saved bank account with its player. */
export type AdminBankAccount = BankAccount & RowPlayer & { user_id: number };

/** What approving or rejecting a withdrawal answers: the withdrawal as it now is, and the server's words. */
export type WithdrawalDecision = {
  data: Withdrawal;
  transaction: Transaction | null;
  balance: number;
  message?: string;
};

/**
 * A manual adjustment above the approval limit, filed for a second admin (GET /admin/adjustments). `amount` is
 * signed kobo; `requested_by` and `decided_by` are admin ids.
 */
export type AdjustmentRequest = {
  id: number;
  user_id: number;
  amount: number;
  reason: string;
  requested_by: number;
  status: 'pending' | 'approved' | 'rejected';
  decided_by: number | null;
  created_at: string;
  decided_at: string | null;
  /**
   * Why it waits: above the limit by itself (`amount`), or with what the same admin asked for this player today
   * (`player_day`) or moved alone today for every player (`admin_day`).
   */
  held_because?: 'amount' | 'player_day' | 'admin_day';
};

/** An identity check waiting for an admin (GET /admin/identity-reviews); `id` is the player's id. */
export type IdentityReview = {
  id: number;
  user_id: number;
  email: string | null;
  status: 'none' | 'verified' | 'review' | 'rejected';
  kind: 'nin' | 'vnin';
  masked_nin: string;
  provider: string;
  player_name: string;
  name_on_id: string;
  account_name: string | null;
  score: number;
  match_reason: string;
  decision_reason: string | null;
  submitted_at: string;
  updated_at: string;
};
