/**
 * docs/product.md §12 route guard as a pure decision; the router's loaders and layouts carry it out.
 *
 * - `public` and `guest` routes pass (no auth flag).
 * - `admin-login` (/boss) passes, except that a logged-in admin goes straight on to /boss/dashboard.
 * - `user` routes need a valid, unexpired token, else / with the toast 'Please login to continue'.
 * - `admin` routes need a valid token, else /boss with that toast; without the admin role, /boss too.
 */
import { paths } from '@/config/paths';
import { isSessionValid, type Session } from '@/lib/session';

export type RouteAccess = 'public' | 'guest' | 'admin-login' | 'user' | 'admin';

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string; toast?: string };

export const LOGIN_TO_CONTINUE = 'Please login to continue';

export function decideAccess(access: RouteAccess, session: Session, now: number): GuardDecision {
  const valid = isSessionValid(session, now);
  const role = valid ? (session.user?.role ?? null) : null;
  switch (access) {
    case 'public':
    case 'guest':
      return { allow: true };
    case 'admin-login':
      return role === 'admin' ? { allow: false, redirectTo: paths.boss.dashboard.getHref() } : { allow: true };
    case 'user':
      return valid ? { allow: true } : { allow: false, redirectTo: paths.home.getHref(), toast: LOGIN_TO_CONTINUE };
    case 'admin':
      if (!valid) return { allow: false, redirectTo: paths.boss.login.getHref(), toast: LOGIN_TO_CONTINUE };
      return role === 'admin' ? { allow: true } : { allow: false, redirectTo: paths.boss.login.getHref() };
  }
}
