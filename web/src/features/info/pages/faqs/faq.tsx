import type { ReactNode } from 'react';

/** One question and its answer, closed until the player opens it. */
export function Faq({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details>
      <summary>{question}</summary>
      {children}
    </details>
  );
}
