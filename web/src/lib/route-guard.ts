/**
 * docs/product.md §12 route guard as a pure decision; the router's loaders and layouts carry it out.
 *
 * - `public` and `guest` routes pass (no auth flag).
 * - `admin-login` (/boss) passes, except that a logged-in admin goes straight on to /boss/dashboard.
 * - `user` routes need a valid, unexpired token, else / with the toast 'Please login to continue'; given the page
 *   asked for (`from`), / carries it (`/?next=…`) so the login that follows returns there (lib/next-path).
 * - `admin` routes need a valid token, else /boss with that toast; without the admin role, /boss too.
 */
import { paths } from '@/config/paths';
import { loginThenReturnTo } from '@/lib/next-path';
import { isSessionValid, type Session } from '@/lib/session';

export type RouteAccess = 'public' | 'guest' | 'admin-login' | 'user' | 'admin';

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string; toast?: string };

export const LOGIN_TO_CONTINUE = 'Please login to continue';

export function decideAccess(access: RouteAccess, session: Session, now: number, from?: string): GuardDecision {
  const valid = isSessionValid(session, now);
  const role = valid ? (session.user?.role ?? null) : null;
  switch (access) {
    case 'public':
    case 'guest':
      return { allow: true };
    case 'admin-login':
      return role === 'admin' ? { allow: false, redirectTo: paths.boss.dashboard.getHref() } : { allow: true };
    case 'user':
      return valid ? { allow: true } : { allow: false, redirectTo: loginThenReturnTo(from), toast: LOGIN_TO_CONTINUE };
    case 'admin':
      if (!valid) return { allow: false, redirectTo: paths.boss.login.getHref(), toast: LOGIN_TO_CONTINUE };
      return role === 'admin' ? { allow: true } : { allow: false, redirectTo: paths.boss.login.getHref() };
  }
}
