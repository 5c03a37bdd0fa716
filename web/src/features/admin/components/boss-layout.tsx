import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { SandboxBanner } from '@/components/layouts/sandbox-banner';
import { AgeBadge } from '@/components/ui/age-badge';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { LicenceMissingBanner } from '@/features/admin/components/settings/licence-missing-banner';
import { useLiveQueues } from '@/features/admin/hooks/use-live-queues';
import { useRiskAlerts } from '@/features/admin/hooks/use-risk-alerts';
import { queueOf } from './queue-links';
import { logout } from '@/lib/auth';
import { useAuth } from '@/lib/session';
import './boss.css';
import './admin.css';
import './settings/settings.css';

/** Each section, and the pages inside it (a game's players and draws belong to Games, a message to Marquee). */
const LINKS = [
  { page: paths.boss.dashboard, within: [] },
  { page: paths.boss.games, within: ['/boss/players/', '/boss/games/'] },
  { page: paths.boss.risk, within: [] },
  { page: paths.boss.users, within: ['/boss/users/'] },
  { page: paths.boss.transactions, within: [] },
  { page: paths.boss.accounts, within: [] },
  { page: paths.boss.approvals, within: [] },
  { page: paths.boss.identityReviews, within: [] },
  { page: paths.boss.contacts, within: [] },
  { page: paths.boss.activities, within: [] },
  { page: paths.boss.compliance, within: [] },
  { page: paths.boss.settings, within: [] },
  { page: paths.boss.marquee, within: ['/boss/marquees/'] },
  { page: paths.boss.changePassword, within: [] },
];

/** `page` on the section's own page, `true` on a page inside it (a player, a message), else nothing. */
export function currentOf(pathname: string, link: (typeof LINKS)[number]): 'page' | 'true' | undefined {
  const path = pathname.replace(/\/+$/, '');
  if (path === link.page.path) return 'page';
  return link.within.some((prefix) => path.startsWith(prefix)) ? 'true' : undefined;
}

/** The back office frame: a top bar with the admin and Log out, and a menu of every section with what waits in it. */
export function BossLayout() {
  const { user } = useAuth();
  const queues = useLiveQueues().data;
  useRiskAlerts();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    // On a phone the menu is a sideways strip: keep the current section in view.
    const nav = navRef.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current]');
    if (nav && active && nav.scrollWidth > nav.clientWidth && typeof active.scrollIntoView === 'function') {
      active.scrollIntoView({ block: 'nearest', inline: 'center' });
    }
  }, [pathname]);
  return (
    <div className="boss">
      <a className="skip-link" href="#boss-main">
        Skip to content
      </a>
      <SandboxBanner />
      <header className="boss__topbar">
        <Link to={paths.boss.dashboard.getHref()} className="boss__brand" aria-label="Back office dashboard">
          <Logo inverted />
          <span className="boss__badge">Back office</span>
        </Link>
        <div className="boss__who">
          <span className="boss__email">{user?.email}</span>
          <button
            type="button"
            className="button button--small button--outline-light"
            onClick={() => {
              logout(queryClient);
              void navigate(paths.boss.login.getHref(), { replace: true });
            }}
          >
            Log out
          </button>
        </div>
      </header>
      <LicenceMissingBanner />
      <div className="boss__body">
        <nav className="boss__nav" aria-label="Back office" ref={navRef}>
          <ul className="boss__nav-list">
            {LINKS.map((link) => {
              const current = currentOf(pathname, link);
              const queue = queueOf(link.page.path);
              const waiting = queue && queues ? queues[queue.queue] : 0;
              return (
                <li key={link.page.path}>
                  <Link
                    to={link.page.getHref()}
                    className={`boss__nav-link${current ? ' active' : ''}`}
                    aria-current={current}
                  >
                    {link.page.title}
                    {queue && waiting > 0 ? (
                      <span className="boss__count" data-testid={`queue-${queue.queue}`}>
                        <span aria-hidden="true">{waiting}</span>
                        <span className="visually-hidden">, {queue.what(waiting)}</span>
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
          <div className="boss__nav-foot">
            <AgeBadge />
            <Link to={paths.home.getHref()}>View the site</Link>
          </div>
        </nav>
        <main id="boss-main" className="boss__main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
