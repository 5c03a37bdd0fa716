import { Outlet } from 'react-router';
import { Footer } from '@/components/layouts/footer';
import { Header } from '@/components/layouts/header';
import './site.css';

/** The public site and the player area: header, the page, footer. */
export function MainLayout() {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
