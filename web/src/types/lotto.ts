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

/** The provably fair scheme a draw was made under (docs/fairness.md). */
export type FairnessScheme = 'ayo-lotto/v1' | 'ayo-lotto/v2';

/** The independent witness's part in a v2 draw: committed before sales, its secret revealed after close. */
export type Witness = {
  /** The named witness (docs/decisions/046); absent on draws from before named witnesses. */
  name?: string | null;
  /** Ed25519 public key, 64 hex, listed at GET /witnesses */
  public_key?: string | null;
  /** hex SHA-256 of the 32 secret bytes */
  commitment: string;
  /** the witness's signature of its commitment on this draw, 128 hex */
  commitment_signature?: string | null;
  /** 64 hex, once the witness has revealed it */
  secret: string | null;
  /** the witness's signature of its reveal over the tickets root, 128 hex */
  reveal_signature?: string | null;
};

/** The drand quicknet round a draw is fixed to before sales (docs/fairness.md, "The drand beacon"). */
export type Beacon = {
  network: string;
  chain_hash: string;
  round: number;
  /** With no verified round by then, the draw is cancelled and every ticket refunded. */
  deadline: string;
  /** The network's BLS signature on the round, 96 hex, once taken */
  signature: string | null;
  /** SHA-256 of the signature, 64 hex, once taken: what the balls take from the round */
  randomness: string | null;
};

export type Draw = {
  id: number;
  /** Its place among its game's draws (1, 2, 3… in schedule order), for people: "Lotto Classic draw 128". */
  number?: number | null;
  game_id: number;
  game_name: string | null;
  game_slug: string | null;
  status: DrawStatus;
  opens_at: string;
  closes_at: string;
  draws_at: string;
  /** hex SHA-256 of the seed, published when the draw opens */
  commitment: string | null;
  /** `ayo-lotto/v1` when missing (draws written before schemes were named). */
  scheme?: FairnessScheme;
  /** hex, once sales close (v1 draws; null on v2 draws) */
  tickets_hash: string | null;
  /** hex Merkle root of every accepted ticket, from close on (v2 draws) */
  tickets_root?: string | null;
  /** v2 draws with an independent witness */
  witness?: Witness | null;
  /** Draws fixed to a drand round; absent otherwise */
  beacon?: Beacon;
  ticket_count: number;
  numbers: number[] | null;
  machine_numbers: number[] | null;
  /** hex, revealed once drawn (or when cancelled after sales closed) */
  seed: string | null;
  cancelled_reason: string | null;
  /** An emergency cancel after close publishes the balls the draw would have had (and its seed). */
  would_be_numbers?: number[] | null;
  /** Shadow settlement disagreed: nothing of this draw is paid until an operator has looked. */
  settlement_halted?: boolean;
  /** Why a draw whose sales time has come is not on sale (no witness has signed its commitment), else null. */
  held_reason?: string | null;
  /** The chain of draw records (docs/fairness.md): the previous record of this game, and this draw's own hash. */
  prev_draw_id?: number | null;
  prev_record_hash?: string | null;
  record_hash?: string | null;
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

/** What a winning line pays, fixed at purchase. */
export type TicketTerms = { multiplier: number; payout_cap: number };

/** A v2 ticket's place in its draw's Merkle tree (GET /tickets/{id} only, from close on). */
export type TicketReceipt = {
  scheme: 'ayo-lotto/v2';
  /** The exact text the leaf hashes. */
  leaf_data: string;
  /** hex SHA-256(0x00 ‖ leaf_data) */
  leaf: string;
  /** 0-based position in ticket-id order */
  index: number;
  tree_size: number;
  /** hex sibling hashes, leaf to root (RFC 9162 audit path) */
  proof: string[];
  root: string;
  /** The owner's 16-hex pseudonym in the leaf. */
  player: string;
};

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
  /** Null for tickets from before terms were recorded. */
  terms?: TicketTerms | null;
  status: TicketStatus;
  lines_won: number;
  /** Gross winnings; `tax` (withholding tax on the net win) is taken from them, `net_winnings` was paid. */
  winnings: number;
  tax?: number;
  net_winnings?: number;
  created_at: string;
  settled_at: string | null;
  draw: {
    /** The draw's number within its game. */
    number?: number | null;
    status: DrawStatus;
    draws_at: string;
    numbers: number[] | null;
    machine_numbers: number[] | null;
  } | null;
  /** Only on GET /tickets/{id}: null before the draw closes (and for v1 draws). */
  receipt?: TicketReceipt | null;
  /** The operator's Ed25519 signature (128 hex) over `signed` (docs/fairness.md, "Signed receipts"). */
  signature?: string | null;
  signed?: { leaf_data: string; leaf: string; commitment: string } | null;
};

/** GET /results: finished draws, newest first, and the cursor of the next page. */
export type ResultsPage = { results: Draw[]; next_before: number | null };

/** GET /games/{id}/frequency: how often each number was a winning ball in the game's last draws. */
export type NumberFrequency = {
  game_id: number;
  last: number;
  /** Drawn draws counted (at most `last`). */
  draws: number;
  /** counts[i]: times number i + 1 was drawn */
  counts: number[];
  hot: number[];
  cold: number[];
};

/** GET /draws/{id}/leaves: one page of the Merkle tree's leaves, in ticket-id order. */
export type DrawLeaves = {
  draw_id: number;
  tree_size: number;
  tickets_root: string;
  offset: number;
  leaves: string[];
  next_offset: number | null;
};

export type TransactionType = 'deposit' | 'withdrawal' | 'stake' | 'win' | 'tax' | 'refund' | 'adjustment';
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
