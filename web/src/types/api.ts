/**
 * Shapes the server answers with (docs/api-accounts.md, docs/api-lotto.md, docs/api-money.md). Amounts are integer
 * kobo.
 */
import type { ResponsibleGaming } from '@/types/money';

export type Role = 'user' | 'admin';

export type User = {
  id: number;
  name: string;
  email: string;
  phoneNumber: string;
  /** `YYYY-MM-DD` */
  dob: string;
  role: Role;
  email_verified: boolean;
  status: 'active' | 'suspended';
  created_at: string;
  /** ISO 3166-2:NG code of the state of residence; null until the player says (asked before the first deposit). */
  state?: string | null;
  /** The login before this session's; null on a first login (absent from older answers). */
  previous_login_at?: string | null;
  relationships: { wallet: { balance: number } };
  /** Deposit limits and any break in force (GET /auth/profiles; docs/api-money.md). */
  responsible_gaming?: ResponsibleGaming;
};

/** What POST /auth/login and the change-password calls answer in `data`. */
export type AuthResult = {
  token: string;
  /** Seconds; docs/product.md §19 says 3600 when unspecified. */
  expires_in?: number;
  user: User;
};

/** What a page of a list says of the whole list. */
export type PageMeta = { total: number; page?: number; per_page?: number };

/** Every JSON answer: its data, and for a list what is beside the rows (`PageMeta` unless the endpoint says). */
export type Envelope<T, M = PageMeta> = {
  data: T;
  message?: string;
  meta?: M;
};

export type ErrorBody = {
  message?: string;
  errorCode?: string;
  errors?: Record<string, string[] | string> & { message?: string | string[] };
  data?: unknown;
};
