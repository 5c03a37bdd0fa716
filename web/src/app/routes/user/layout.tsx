import { NavLink, Outlet, useMatches } from 'react-router';
import { ReconnectingNotice } from '@/components/ui/reconnecting-notice/reconnecting-notice';
import { useLiveGuard } from '@/app/use-live-guard';
import type { RouteHandle } from '@/app/routes/root';
import { paths } from '@/config/paths';
import './user.css';

const LINKS = [
  paths.user.profile,
  paths.user.myLottery,
  paths.user.deposit,
  paths.user.withdrawal,
  paths.user.bankAccount,
  paths.user.transactions,
];

/**
 * The player area (/user/*): its own menu, and the guard kept live while a page is open. Above each page that shows
 * what the socket keeps fresh (its route's handle says `live`), one notice says when that is not live.
 */
export function Component() {
  useLiveGuard('user');
  const live = useMatches().some((match) => (match.handle as RouteHandle | undefined)?.live);
  return (
    <div className="container user-area">
      <nav className="user-nav" aria-label="My account">
        <ul className="user-nav__list">
          {LINKS.map((link) => (
            <li key={link.path}>
              <NavLink to={link.getHref()} className="user-nav__link">
                {link.title}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="user-area__page">
        {live ? <ReconnectingNotice topic="player" /> : null}
        <Outlet />
      </div>
    </div>
  );
}
