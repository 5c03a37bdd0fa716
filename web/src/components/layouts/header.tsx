import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { logout } from '@/lib/auth';
import { openLogin, openSignup } from '@/lib/auth-dialogs';
import { formatNaira } from '@/lib/format';
import { lastLoginText } from '@/lib/last-login';
import { useBreak } from '@/lib/on-break';
import { useAuth } from '@/lib/session';
import { useLiveConnection } from '@/lib/use-live-connection';

const NAV = [
  { to: paths.games.getHref(), label: 'Games' },
  { to: paths.results.getHref(), label: 'Results' },
  { to: paths.howToPlay.getHref(), label: 'How to play' },
  { to: paths.lotteryRules.getHref(), label: 'Lottery rules' },
  { to: paths.faqs.getHref(), label: 'FAQs' },
  { to: paths.contact.getHref(), label: 'Contact' },
];

/**
 * The player's balance, always in view. While the live connection is lost it keeps its place and size but is
 * muted, and says (in its name and tooltip) that it may be out of date, until the server confirms it again.
 */
function BalanceChip({ balance }: { balance: number }) {
  const unconfirmed = useLiveConnection('player') === 'reconnecting';
  return (
    <Link
      to={paths.user.profile.getHref()}
      className={unconfirmed ? 'balance-chip balance-chip--unconfirmed' : 'balance-chip'}
      title={unconfirmed ? 'Your balance may be out of date until we’re back' : 'Your balance'}
    >
      <span className="balance-chip__label">Balance</span>
      <span className="balance-chip__amount" data-testid="header-balance">
        {formatNaira(balance)}
      </span>
      {unconfirmed ? <span className="visually-hidden"> (may be out of date)</span> : null}
    </Link>
  );
}

/**
 * The site header, mobile first: logo, the balance (or Login / Sign up) always in view, and a Menu button that
 * opens the navigation on small screens. From 1200 px (where all of it fits beside a balance) the navigation sits
 * in the bar.
 */
export function Header() {
  const { role, user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  const lastLogin = lastLoginText(user?.previous_login_at);
  // Money within reach (issue 32): Deposit beside the balance and in the menu, except during a break.
  const onBreak = useBreak();
  const canDeposit = role === 'user' && !onBreak;

  const onLogout = () => {
    setMenuOpen(false);
    logout(queryClient);
    void navigate(paths.home.getHref());
  };

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        {/* Named by its visible words (WCAG 2.5.3 "label in name"), plus "home" for screen readers. */}
        <Link to={paths.home.getHref()} className="site-header__logo">
          <Logo /> <span className="visually-hidden">home</span>
        </Link>

        <div className="site-header__account">
          {role === 'user' && user ? (
            <>
              <BalanceChip balance={user.relationships?.wallet?.balance ?? 0} />
              {canDeposit ? (
                <Link
                  to={paths.user.deposit.getHref()}
                  className="button button--accent button--small site-header__deposit"
                  data-testid="header-deposit"
                >
                  Deposit
                </Link>
              ) : null}
            </>
          ) : role === 'admin' ? (
            <Link to={paths.boss.dashboard.getHref()} className="button button--ghost button--small">
              Back office
            </Link>
          ) : (
            <>
              <button type="button" className="button button--ghost button--small" onClick={() => openLogin()}>
                Login
              </button>
              <button type="button" className="button button--accent button--small" onClick={openSignup}>
                Sign up
              </button>
            </>
          )}
        </div>

        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-button__icon" aria-hidden="true" />
          <span className="menu-button__text">{menuOpen ? 'Close' : 'Menu'}</span>
        </button>

        <nav
          id={navId}
          className={`site-nav${menuOpen ? ' site-nav--open' : ''}`}
          aria-label="Main"
          onClick={(event) => {
            if ((event.target as HTMLElement).closest('a')) setMenuOpen(false);
          }}
        >
          <ul className="site-nav__list">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="site-nav__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {role ? (
            <ul className="site-nav__list site-nav__list--account">
              {canDeposit ? (
                <li className="site-nav__deposit">
                  <NavLink to={paths.user.deposit.getHref()} className="site-nav__link">
                    Deposit
                  </NavLink>
                </li>
              ) : null}
              {role === 'user' ? (
                <li>
                  <NavLink to={paths.user.profile.getHref()} className="site-nav__link">
                    My profile
                  </NavLink>
                </li>
              ) : null}
              {role === 'user' && lastLogin ? (
                <li className="site-nav__meta" data-testid="last-login">
                  {lastLogin}
                </li>
              ) : null}
              <li>
                <button type="button" className="site-nav__link site-nav__logout" onClick={onLogout}>
                  Log out
                </button>
              </li>
            </ul>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
