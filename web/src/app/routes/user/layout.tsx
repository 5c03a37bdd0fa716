import { NavLink, Outlet } from 'react-router';
import { useLiveGuard } from '@/app/use-live-guard';
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

/** The player area (/user/*): its own menu, and the guard kept live while a page is open. */
export function Component() {
  useLiveGuard('user');
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
        <Outlet />
      </div>
    </div>
  );
}
