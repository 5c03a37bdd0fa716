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

/** A lazily loaded child page of `parent`, at its path and titled from its entry in config/paths. */
const lazyPage = (
  parent: string,
  page: { path: string; title: string },
  lazy: RouteObject['lazy'],
  handle: (name: string) => RouteHandle = title,
): RouteObject => ({ path: relative(page.path, parent), lazy, handle: handle(page.title) });

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
              lazyPage(paths.user.root.path, paths.user.profile, () => import('@/app/routes/user/profile'), livePage),
              lazyPage(paths.user.root.path, paths.user.myLottery, () => import('@/app/routes/user/my-lottery'), livePage),
              lazyPage(paths.user.root.path, paths.user.deposit, () => import('@/app/routes/user/deposit'), livePage),
              lazyPage(paths.user.root.path, paths.user.withdrawal, () => import('@/app/routes/user/withdrawal'), livePage),
              lazyPage(paths.user.root.path, paths.user.bankAccount, () => import('@/app/routes/user/bank-account')),
              lazyPage(paths.user.root.path, paths.user.transactions, () => import('@/app/routes/user/transactions'), livePage),
              lazyPage(paths.user.root.path, paths.user.taxStatement, () => import('@/app/routes/user/tax-statement')),
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
  const root = paths.boss.login.path;
  const b = paths.boss;
  return [
    lazyPage(root, b.dashboard, () => import('@/app/routes/boss/dashboard')),
    lazyPage(root, b.games, () => import('@/app/routes/boss/games')),
    lazyPage(root, b.gameDraws, () => import('@/app/routes/boss/game-draws')),
    lazyPage(root, b.users, () => import('@/app/routes/boss/users')),
    lazyPage(root, b.user, () => import('@/app/routes/boss/user')),
    lazyPage(root, b.transactions, () => import('@/app/routes/boss/transactions')),
    lazyPage(root, b.accounts, () => import('@/app/routes/boss/accounts')),
    lazyPage(root, b.approvals, () => import('@/app/routes/boss/approvals')),
    lazyPage(root, b.identityReviews, () => import('@/app/routes/boss/identity-reviews')),
    lazyPage(root, b.players, () => import('@/app/routes/boss/players')),
    lazyPage(root, b.contacts, () => import('@/app/routes/boss/contacts')),
    lazyPage(root, b.activities, () => import('@/app/routes/boss/activities')),
    lazyPage(root, b.changePassword, () => import('@/app/routes/boss/change-password')),
    lazyPage(root, b.compliance, () => import('@/app/routes/boss/compliance')),
    lazyPage(root, b.settings, () => import('@/app/routes/boss/settings')),
    lazyPage(root, b.marquee, () => import('@/app/routes/boss/marquee')),
    lazyPage(root, b.risk, () => import('@/app/routes/boss/risk')),
    lazyPage(root, b.marqueeMessage, () => import('@/app/routes/boss/marquee-message')),
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
