import { useEffect } from 'react';
import { useNavigate } from 'react-router';
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
  useEffect(() => {
    // A player who just pressed Log out needs no 'Please login to continue'.
    const to = checkAccess(access, { quiet: lastSessionEnd() === 'logout' });
    if (to) void navigate(to, { replace: true });
  }, [access, session, navigate]);
}
