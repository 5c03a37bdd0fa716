import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { AgeBadge } from '@/components/ui/age-badge';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { logout } from '@/lib/auth';
import { useAuth } from '@/lib/session';
import './boss.css';

const LINKS = [
  paths.boss.dashboard,
  paths.boss.games,
  paths.boss.users,
  paths.boss.transactions,
  paths.boss.accounts,
  paths.boss.contacts,
  paths.boss.activities,
  paths.boss.marquee,
  paths.boss.changePassword,
];

/** The back office frame: a top bar with the admin and Log out, and a menu of every section. */
export function BossLayout() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <div className="boss">
      <a className="skip-link" href="#boss-main">
        Skip to content
      </a>
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
      <div className="boss__body">
        <nav className="boss__nav" aria-label="Back office">
          <ul className="boss__nav-list">
            {LINKS.map((link) => (
              <li key={link.path}>
                <NavLink to={link.getHref()} className="boss__nav-link">
                  {link.title}
                </NavLink>
              </li>
            ))}
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
