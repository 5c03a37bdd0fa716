/** What the back office API answers (docs/api-admin.md). Amounts are integer kobo; times RFC 3339 UTC. */
import type { User } from '@/types/api';
import type { Draw, Game, Ticket, Transaction } from '@/types/lotto';

export type MoneyTotals = { deposits: number; stakes: number; wins: number; ggr: number };

export type DashboardFigures = {
  players_total: number;
  players_new_today: number;
  players_verified: number;
  pending_withdrawals: { count: number; amount: number };
  /** 30 days, oldest first; `date` is `YYYY-MM-DD`. */
  series: (MoneyTotals & { date: string })[];
  today: MoneyTotals;
} & MoneyTotals;

/** GET /admin/games: every game, also paused ones, with its 10 newest draws. */
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
export type AdminUser = User;

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

/** GET /admin/users/{id}: the player with everything about them. */
export type UserDetail = User & {
  tickets: Ticket[];
  transactions: Transaction[];
  activities: RawActivity[];
};

/** Audit entries as stored (the user detail sends them unrenamed). */
export type RawActivity = {
  id: number;
  at?: string;
  created_at?: string;
  actor_id: number | null;
  actor_email?: string | null;
  actor?: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  detail: string | null;
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
