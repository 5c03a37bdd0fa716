import type { ReactNode } from 'react';

/** The message above a form's button: the form-level message of docs/product.md §13 ('All fields are required', …). */
export function FormAlert({ children, tone = 'error' }: { children?: ReactNode; tone?: 'error' | 'info' | 'success' }) {
  if (!children) return null;
  return (
    <p className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
