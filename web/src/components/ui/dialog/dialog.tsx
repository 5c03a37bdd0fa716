/**
 * A modal dialog on the native <dialog> element: `showModal()` gives the focus trap, the inert page behind and
 * Escape for free (docs/product.md §20). Mount it to open it, unmount it to close it; Escape and the close button call
 * `onClose`, a click outside never closes it (docs/product.md §16). An element marked `data-autofocus` gets the focus
 * first.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { pushDialog, removeDialog } from '@/components/ui/dialog/dialog-stack';
import { Toasts } from '@/components/ui/toasts/toasts';
import './dialog.css';

type DialogProps = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** `alert` for messages the player must acknowledge (errors). */
  role?: 'dialog' | 'alertdialog';
  size?: 'small' | 'medium';
  className?: string;
};

export function Dialog({ title, onClose, children, role = 'dialog', size = 'medium', className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    pushDialog(titleId);
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    // Escape: let the owner decide (it unmounts us), so state and screen never disagree.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      removeDialog(titleId);
      if (dialog.open) dialog.close();
      if (previouslyFocused && previouslyFocused.isConnected) previouslyFocused.focus();
    };
  }, [titleId]);

  return (
    <dialog
      ref={ref}
      className={['dialog', `dialog--${size}`, className].filter(Boolean).join(' ')}
      role={role}
      aria-modal="true"
      aria-labelledby={titleId}
    >
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <button type="button" className="dialog__close" aria-label="Close" onClick={() => onCloseRef.current()}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="dialog__body">{children}</div>
      <Toasts host={titleId} />
    </dialog>
  );
}
