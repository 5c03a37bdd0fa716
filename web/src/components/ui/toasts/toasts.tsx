import { dialogStack } from '@/components/ui/dialog/dialog-stack';
import { useStore } from '@/lib/create-store';
import { dismissToast, toastStore } from '@/lib/toast-store';
import './toasts.css';

/**
 * The toast region. The page has one and every modal dialog has one (`host` is the dialog's id); only the topmost
 * shows toasts, because a modal dialog makes everything outside it inert and unheard by screen readers.
 */
export function Toasts({ host }: { host?: string }) {
  const toasts = useStore(toastStore);
  const stack = useStore(dialogStack);
  const active = host ? stack[stack.length - 1] === host : stack.length === 0;
  if (!active) return <div className="toasts" aria-live="polite" aria-relevant="additions" />;
  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions">
      {toasts.map((item) => (
        <div key={item.id} className={`toast toast--${item.kind}`} role="status">
          <span className="toast__icon" aria-hidden="true">
            {item.kind === 'success' ? '✓' : item.kind === 'error' ? '!' : 'i'}
          </span>
          <p className="toast__message">{item.message}</p>
          <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => dismissToast(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
