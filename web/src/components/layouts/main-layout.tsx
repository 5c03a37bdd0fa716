import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '@/components/layouts/footer';
import { Header } from '@/components/layouts/header';
import { SandboxBanner } from '@/components/layouts/sandbox-banner';
import './site.css';

/** The public site and the player area: header, the page, footer. `belowHeader`: the announcements strip. */
export function MainLayout({ belowHeader }: { belowHeader?: ReactNode }) {
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SandboxBanner />
      <Header />
      {belowHeader}
      <main id="main" className="site__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
