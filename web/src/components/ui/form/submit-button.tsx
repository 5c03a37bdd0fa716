import type { ReactNode } from 'react';

/** The form's main button; while the request runs it says so and cannot be pressed twice. */
export function SubmitButton({
  pending,
  children,
  pendingText = 'Please wait…',
  tone = 'primary',
}: {
  pending: boolean;
  children: ReactNode;
  pendingText?: string;
  tone?: 'primary' | 'accent';
}) {
  return (
    <button type="submit" className={`button button--${tone} button--block`} disabled={pending} aria-busy={pending}>
      {pending ? pendingText : children}
    </button>
  );
}
