import { useId, type ReactNode } from 'react';

/** One card of the compliance page, titled. */
export function Section({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card admin-card" aria-labelledby={id}>
      <h2 id={id} className="admin-section-title">
        {title}
      </h2>
      {lead ? <p className="admin-note">{lead}</p> : null}
      {children}
    </section>
  );
}
