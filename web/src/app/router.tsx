/**
 * Every route of docs/product.md §14. Only the home and games pages, the site frame and Not Found are in the first
 * download; every other page is a lazy chunk, and the whole /boss tree lives in chunks no player ever fetches. Guards
 * run in loaders, so a protected page never flashes before its redirect.
 *
 * A first visit straight to a lazy public page shows the site frame at once with a placeholder of the page's
 * shape (`hydrateFallbackElement`) while its chunk arrives (index.html preloads that chunk: see vite.config.ts),
 * and the play page's loader starts the game's request alongside, so nothing waits on anything it need not.
 */
import { useEffect, useMemo, type ComponentType } from 'react';
import { createBrowserRouter, redirect, RouterProvider, type RouteObject } from 'react-router';
import { MainLayout } from '@/components/layouts/main-layout';
import { GamePageSkeleton, PageSkeleton } from '@/components/ui/skeletons/page-skeletons';
import { paths } from '@/config/paths';
import { setApiNavigator } from '@/lib/api-client';
import { appQueryClient } from '@/lib/query-client';
import { guardLoader } from '@/app/guard';
import { gameQueryOptions } from '@/features/games/api/get-game';
import { MarqueeStrip } from '@/features/marquee/components/marquee-strip';
import { Component as GamesRoute } from '@/app/routes/games/games';
import { HomeRoute } from '@/app/routes/home';
import { NotFoundRoute } from '@/app/routes/not-found';
import { PageLoading } from '@/app/routes/page-loading';
import { RootLayout, type RouteHandle } from '@/app/routes/root';
import { RouteError } from '@/app/routes/route-error';

const title = (name: string): RouteHandle => ({ title: name });
const livePage = (name: string): RouteHandle => ({ title: name, live: true });

/** A lazily loaded page whose module default-exports its component (the information pages). */
const defaultExport = (load: () => Promise<{ default: ComponentType }>) => () =>
  load().then((module) => ({ Component: module.default }));


/** Strip the leading parent segment: children are declared relative to their parent route. */
const relative = (path: string, parent: string) => path.slice(parent.length + 1);

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <MainLayout belowHeader={<MarqueeStrip />} />,
        children: [
          { index: true, Component: HomeRoute, handle: title(paths.home.title) },
          // In the first download (it is a few hundred bytes over what the home page already has): the list shows
          // at once in its loading shape, with no placeholder page before it.
          { path: paths.games.path, Component: GamesRoute, handle: title(paths.games.title) },
          {
            path: paths.game.path,
            hydrateFallbackElement: <GamePageSkeleton />,
            // The game's request starts with the page's code, not after it (one round trip less to the board).
            loader: ({ params }) => {
              if (params.id) void appQueryClient()?.prefetchQuery(gameQueryOptions(params.id));
              return null;
            },
            lazy: () => import('@/app/routes/games/game'),
            handle: title(paths.game.title),
          },
          {
            path: paths.results.path,
            hydrateFallbackElement: <PageSkeleton />,
            lazy: () => import('@/app/routes/results'),
            handle: title(paths.results.title),
          },
          {
            path: paths.about.path,
            hydrateFallbackElement: <PageSkeleton />,
            lazy: defaultExport(() => import('@/features/info/pages/about')),
            handle: title(paths.about.title),
          },
          {
            path: paths.howToPlay.path,
            hydrateFallbackElement: <PageSkeleton />,
            lazy: () => import('@/app/routes/info/how-to-play'),
            handle: title(paths.howToPlay.title),
          },
          {
            path: paths.contact.path,
            hydrateFallbackElement: <PageSkeleton />,
            lazy: () => import('@/app/routes/contact'),
            handle: title(paths.contact.title),
          },
          {
            path: paths.termsConditions.path,
            hydrateFallbackElement: <PageSkeleton />,
            lazy: defaultExport(() => import('@/features/info/pages/terms-conditions')),
            handle: title(paths.termsConditions.title),
          },
          {
            path: paths.privacyPolicy.path,
            hydrateFallbackElement: <PageSkeleton />,
            lazy: defaultExport(() => import('@/features/info/pages/privacy-policy')),
            handle: title(paths.privacyPolicy.title),
          },
          {
            path: paths.responsibleGaming.path,
            hydrateFallbackElement: <PageSkeleton />,
            lazy: defaultExport(() => import('@/features/info/pages/responsible-gaming')),
            handle: title(paths.responsibleGaming.title),
          },
          {
            path: paths.lotteryRules.path,
            hydrateFallbackElement: <PageSkeleton />,
            lazy: () => import('@/app/routes/info/lottery-rules'),
            handle: title(paths.lotteryRules.title),
          },
          {
            path: paths.faqs.path,
            hydrateFallbackElement: <PageSkeleton />,
            lazy: defaultExport(() => import('@/features/info/pages/faqs')),
            handle: title(paths.faqs.title),
          },
          {
            path: paths.forgotPassword.path,
            hydrateFallbackElement: <PageSkeleton />,
            loader: guardLoader('guest'),
            lazy: () => import('@/app/routes/auth/forgot-password'),
            handle: title(paths.forgotPassword.title),
          },
          {
            path: paths.otpChangePassword.path,
            hydrateFallbackElement: <PageSkeleton />,
            loader: guardLoader('guest'),
            lazy: () => import('@/app/routes/auth/otp-change-password'),
            handle: title(paths.otpChangePassword.title),
          },
          {
            path: paths.user.root.path,
            loader: guardLoader('user'),
            lazy: () => import('@/app/routes/user/layout'),
            handle: title(paths.user.root.title),
            children: [
              { index: true, loader: () => redirect(paths.user.profile.getHref()), Component: () => null },
              {
                path: relative(paths.user.profile.path, paths.user.root.path),
                lazy: () => import('@/app/routes/user/profile'),
                handle: livePage(paths.user.profile.title),
              },
              {
                path: relative(paths.user.myLottery.path, paths.user.root.path),
                lazy: () => import('@/app/routes/user/my-lottery'),
                handle: livePage(paths.user.myLottery.title),
              },
              {
                path: relative(paths.user.deposit.path, paths.user.root.path),
                lazy: () => import('@/app/routes/user/deposit'),
                handle: livePage(paths.user.deposit.title),
              },
              {
                path: relative(paths.user.withdrawal.path, paths.user.root.path),
                lazy: () => import('@/app/routes/user/withdrawal'),
                handle: livePage(paths.user.withdrawal.title),
              },
              {
                path: relative(paths.user.bankAccount.path, paths.user.root.path),
                lazy: () => import('@/app/routes/user/bank-account'),
                handle: title(paths.user.bankAccount.title),
              },
              {
                path: relative(paths.user.transactions.path, paths.user.root.path),
                lazy: () => import('@/app/routes/user/transactions'),
                handle: livePage(paths.user.transactions.title),
              },
              {
                path: relative(paths.user.taxStatement.path, paths.user.root.path),
                lazy: () => import('@/app/routes/user/tax-statement'),
                handle: title(paths.user.taxStatement.title),
              },
            ],
          },
          { path: paths.notFound.path, Component: NotFoundRoute, handle: title(paths.notFound.title) },
        ],
      },
      {
        path: paths.boss.login.path,
        children: [
          {
            index: true,
            loader: guardLoader('admin-login'),
            lazy: () => import('@/app/routes/boss/login'),
            handle: title(paths.boss.login.title),
          },
          {
            loader: guardLoader('admin'),
            lazy: () => import('@/app/routes/boss/layout'),
            children: bossChildren(),
          },
        ],
      },
    ],
  },
];

function bossChildren(): RouteObject[] {
  const at = (path: string) => relative(path, paths.boss.login.path);
  const b = paths.boss;
  return [
    { path: at(b.dashboard.path), lazy: () => import('@/app/routes/boss/dashboard'), handle: title(b.dashboard.title) },
    { path: at(b.games.path), lazy: () => import('@/app/routes/boss/games'), handle: title(b.games.title) },
    {
      path: at(b.gameDraws.path),
      lazy: () => import('@/app/routes/boss/game-draws'),
      handle: title(b.gameDraws.title),
    },
    { path: at(b.users.path), lazy: () => import('@/app/routes/boss/users'), handle: title(b.users.title) },
    { path: at(b.user.path), lazy: () => import('@/app/routes/boss/user'), handle: title(b.user.title) },
    {
      path: at(b.transactions.path),
      lazy: () => import('@/app/routes/boss/transactions'),
      handle: title(b.transactions.title),
    },
    { path: at(b.accounts.path), lazy: () => import('@/app/routes/boss/accounts'), handle: title(b.accounts.title) },
    {
      path: at(b.approvals.path),
      lazy: () => import('@/app/routes/boss/approvals'),
      handle: title(b.approvals.title),
    },
    {
      path: at(b.identityReviews.path),
      lazy: () => import('@/app/routes/boss/identity-reviews'),
      handle: title(b.identityReviews.title),
    },
    { path: at(b.players.path), lazy: () => import('@/app/routes/boss/players'), handle: title(b.players.title) },
    { path: at(b.contacts.path), lazy: () => import('@/app/routes/boss/contacts'), handle: title(b.contacts.title) },
    { path: at(b.activities.path), lazy: () => import('@/app/routes/boss/activities'), handle: title(b.activities.title) },
    {
      path: at(b.changePassword.path),
      lazy: () => import('@/app/routes/boss/change-password'),
      handle: title(b.changePassword.title),
    },
    { path: at(b.compliance.path), lazy: () => import('@/app/routes/boss/compliance'), handle: title(b.compliance.title) },
    { path: at(b.marquee.path), lazy: () => import('@/app/routes/boss/marquee'), handle: title(b.marquee.title) },
    {
      path: at(b.marqueeMessage.path),
      lazy: () => import('@/app/routes/boss/marquee-message'),
      handle: title(b.marqueeMessage.title),
    },
  ];
}

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  useEffect(() => {
    // The API client's "session expired → /" goes through the router, not a full page load.
    setApiNavigator((path) => void router.navigate(path, { replace: true }));
  }, [router]);
  return <RouterProvider router={router} />;
}
