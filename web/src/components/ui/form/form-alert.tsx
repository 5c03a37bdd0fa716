import type { ReactNode } from 'react';

/** The message above a form's button: SPEC's form-level message ('All fields are required', …). */
export function FormAlert({ children, tone = 'error' }: { children?: ReactNode; tone?: 'error' | 'info' | 'success' }) {
  if (!children) return null;
  return (
    <p className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
