import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { ErrorDialog } from '@/components/ui/error-dialog/error-dialog';
import { Toasts } from '@/components/ui/toasts/toasts';
import { pageTitle } from '@/config/paths';
import { scrollKey } from '@/lib/scroll-key';
import { useProfile } from '@/lib/auth';
import { useAuth } from '@/lib/session';
import { DeepLinkLogin } from '@/app/deep-link-login';
import { AuthDialogs } from '@/features/auth/components/auth-dialogs';
import { SessionEndingNotice } from '@/features/auth/components/session-ending-notice';
import { useBanks } from '@/features/banks/api/get-banks';
import { RealityCheck } from '@/features/responsible-gaming/components/reality-check-dialog';
import { SettledAnnouncer } from '@/features/tickets/components/settled-announcer';

export type RouteHandle = {
  title: string;
  /** The page shows the player's own data that the socket keeps fresh: it says when that is not live. */
  live?: boolean;
};

/** docs/product.md §14: `Ayo Lotto | <route name>` from the deepest route that names itself. */
function useRouteTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  useEffect(() => {
    if (title) document.title = pageTitle(title.title);
  }, [title]);
}

/**
 * A logged-in player's profile (balance) is refreshed once per visit, and the bank list fetched once; their reality
 * checks are timed here, their session's end is warned of, and their draws' outcomes are announced on any page.
 */
function PlayerData() {
  const { role } = useAuth();
  useProfile(role === 'user');
  useBanks(role === 'user');
  // The reality check keeps time on every page, whichever the player moves to (docs/decisions/025).
  return role === 'user' ? (
    <>
      <RealityCheck />
      <SessionEndingNotice />
      <SettledAnnouncer />
    </>
  ) : null;
}

function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === 'idle' ? null : <div className="navigation-progress" aria-hidden="true" />;
}

/** Everything every page shares: the title, the dialogs, the toasts and the global error dialog. */
export function RootLayout() {
  useRouteTitle();
  return (
    <>
      <NavigationProgress />
      {/* A new page starts at its top; Back returns to where the player was; a full load never borrows another
          page's position (lib/scroll-key). */}
      <ScrollRestoration getKey={scrollKey} />
      <Outlet />
      <AuthDialogs />
      <DeepLinkLogin />
      <ErrorDialog />
      <Toasts />
      <PlayerData />
    </>
  );
}
