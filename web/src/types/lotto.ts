/** Games, draws, tickets and live events as the server sends them (docs/api-lotto.md). Amounts are integer kobo. */

export type BetType =
  | 'NAP1'
  | 'NAP2'
  | 'NAP3'
  | 'NAP4'
  | 'NAP5'
  | 'PERM2'
  | 'PERM3'
  | 'PERM4'
  | 'PERM5'
  | 'BANKER'
  | 'AGAINST';

export type Multipliers = { nap1: number; nap2: number; nap3: number; nap4: number; nap5: number };

export type StakeRules = {
  nap_min_stake: number;
  min_stake_per_line: number;
  min_ticket_total: number;
  max_ticket_total: number;
  payout_cap: number;
};

export type Weekday = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun';

/** Weekly slots are WAT (Africa/Lagos) wall-clock times, `HH:MM`. */
export type Schedule =
  | { kind: 'interval'; every_minutes: number }
  | { kind: 'weekly'; slots: { weekday: Weekday; time: string }[] };

export type DrawStatus = 'scheduled' | 'open' | 'closed' | 'drawn' | 'settled' | 'cancelled';

export type Draw = {
  id: number;
  game_id: number;
  game_name: string | null;
  game_slug: string | null;
  status: DrawStatus;
  opens_at: string;
  closes_at: string;
  draws_at: string;
  /** hex SHA-256 of the seed, published when the draw opens */
  commitment: string | null;
  /** hex, once sales close */
  tickets_hash: string | null;
  ticket_count: number;
  numbers: number[] | null;
  machine_numbers: number[] | null;
  /** hex, revealed once drawn */
  seed: string | null;
  cancelled_reason: string | null;
  /** An emergency cancel after close publishes the balls the draw would have had (and its seed). */
  would_be_numbers?: number[] | null;
  /** Shadow settlement disagreed: nothing of this draw is paid until an operator has looked. */
  settlement_halted?: boolean;
  /** The server's clock when this object was written. */
  server_time: string;
};

export type Game = {
  id: number;
  slug: string;
  name: string;
  description: string;
  status: 'active' | 'paused';
  schedule: Schedule;
  close_before_secs: number;
  bet_types: BetType[];
  multipliers: Multipliers;
  stake_rules: StakeRules;
  next_draw: Draw | null;
};

/** GET /games/{id}: the game with its upcoming and recent draws (newest first). */
export type GameDetail = Game & { upcoming_draws: Draw[]; recent_draws: Draw[] };

export type TicketStatus = 'pending' | 'won' | 'lost' | 'refunded';

export type Ticket = {
  id: number;
  draw_id: number;
  game_id: number;
  game_name: string | null;
  bet_type: BetType;
  numbers: number[] | null;
  top: number[] | null;
  bottom: number[] | null;
  lines: number;
  stake_per_line: number;
  total_stake: number;
  /** The best possible win, capped. */
  potential_win: number;
  status: TicketStatus;
  lines_won: number;
  winnings: number;
  created_at: string;
  settled_at: string | null;
  draw: {
    status: DrawStatus;
    draws_at: string;
    numbers: number[] | null;
    machine_numbers: number[] | null;
  } | null;
};

export type TransactionType = 'deposit' | 'withdrawal' | 'stake' | 'win' | 'refund' | 'adjustment';
export type TransactionStatus = 'pending' | 'success' | 'failed' | 'reversed';

export type Transaction = {
  id: number;
  type: TransactionType;
  status: TransactionStatus;
  /** Signed: negative for stakes and withdrawals. */
  amount: number;
  balance_after: number;
  reference: string | null;
  description: string | null;
  created_at: string;
  /** Withdrawal rows name their withdrawal. */
  withdrawal_id?: number;
};

/** POST /tickets/create answers the ticket, the new balance and a message (not inside `data`). */
export type TicketPurchase = { data: Ticket; balance: number; message?: string };
