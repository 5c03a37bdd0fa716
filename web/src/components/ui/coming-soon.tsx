import type { ReactNode } from 'react';

/** An honest placeholder for a page a later release fills: the right heading, and what is coming. */
export function ComingSoon({ heading, children }: { heading: string; children?: ReactNode }) {
  return (
    <section className="page coming-soon" aria-labelledby="page-heading">
      <h1 id="page-heading">{heading}</h1>
      <p className="coming-soon__badge">Coming soon</p>
      <p>{children ?? 'This page is on its way. Please check back soon.'}</p>
    </section>
  );
}
