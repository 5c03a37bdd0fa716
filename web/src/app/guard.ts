/** Carries out the docs/product.md §12 route guard (`decideAccess`) in loaders, before a protected page renders. */
import { redirect } from 'react-router';
import { toast } from '@/lib/toast-store';
import { decideAccess, type RouteAccess } from '@/lib/route-guard';
import { clearSession, getSession, isSessionValid } from '@/lib/session';

/**
 * Runs the guard; a refusal shows its toast (unless `quiet`), drops an expired token and answers with where to go
 * (`from`: the page asked for, which a player's login then returns to).
 */
export function checkAccess(
  access: RouteAccess,
  { quiet = false, now = Date.now(), from }: { quiet?: boolean; now?: number; from?: string } = {},
): string | null {
  const session = getSession();
  const decision = decideAccess(access, session, now, from);
  if (decision.allow) return null;
  if (session.token && !isSessionValid(session, now)) clearSession('expired');
  if (decision.toast && !quiet) toast.error(decision.toast);
  return decision.redirectTo;
}

export function guardLoader(access: RouteAccess) {
  return ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const to = checkAccess(access, { from: `${url.pathname}${url.search}` });
    if (to) throw redirect(to);
    return null;
  };
}
