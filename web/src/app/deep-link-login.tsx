import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { openLoginThen } from '@/lib/auth-dialogs';
import { NEXT_PARAM, safeNextPath } from '@/lib/next-path';
import { useAuth } from '@/lib/session';

/**
 * A logged-out player who opened a player page from a link lands on `/?next=<page>` (the route guard): the login
 * opens by itself, and the login returns them to that page. Renders nothing.
 */
export function DeepLinkLogin() {
  const [params] = useSearchParams();
  const { role } = useAuth();
  const next = safeNextPath(params.get(NEXT_PARAM));
  useEffect(() => {
    if (next && role === null) openLoginThen(next);
  }, [next, role]);
  return null;
}
