import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { checkAccess } from '@/app/guard';
import type { RouteAccess } from '@/lib/route-guard';
import { lastSessionEnd, useSession } from '@/lib/session';

/**
 * The docs/product.md §12 guard again whenever the session changes on a protected page (logout elsewhere, token
 * expiry).
 */
export function useLiveGuard(access: RouteAccess) {
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  useEffect(() => {
    // A player who just pressed Log out needs no 'Please login to continue', nor to come back here; one whose
    // session ran out logs in again and is back on this page.
    const loggedOut = lastSessionEnd() === 'logout';
    const to = checkAccess(access, { quiet: loggedOut, from: loggedOut ? undefined : `${pathname}${search}` });
    if (to) void navigate(to, { replace: true });
  }, [access, session, navigate, pathname, search]);
}
