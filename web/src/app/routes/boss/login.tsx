import { Link } from 'react-router';
import { AgeBadge } from '@/components/ui/age-badge';
import { Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { AdminLogin } from '@/features/admin/components/admin-login';
import '@/features/admin/components/boss.css';

/**
 * /boss: the back office login (guest access): password, then the code from the admin's authenticator app. The
 * 18+ mark is on it as on every player page.
 */
export function Component() {
  return (
    <main className="boss-login" id="main">
      <div className="boss-login__panel">
        <div className="boss-login__brand">
          {/* Named by its visible words (WCAG 2.5.3 "label in name"), plus "home" for screen readers. */}
          <Link to={paths.home.getHref()} className="boss-login__logo">
            <Logo /> <span className="visually-hidden">home</span>
          </Link>
          <AgeBadge />
        </div>
        <h1 className="boss-login__title">Back office</h1>
        <p className="boss-login__lead">Log in with your admin account.</p>
        <AdminLogin />
      </div>
    </main>
  );
}
