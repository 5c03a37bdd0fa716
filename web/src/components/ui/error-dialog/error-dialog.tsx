import { Dialog } from '@/components/ui/dialog/dialog';
import { useStore } from '@/lib/create-store';
import { closeErrorDialog, errorDialogStore } from '@/lib/error-dialog-store';

/** The one global error dialog (docs/product.md §16); the API client opens it. */
export function ErrorDialog() {
  const state = useStore(errorDialogStore);
  if (!state) return null;
  return (
    <Dialog title={state.title} onClose={closeErrorDialog} role="alertdialog" size="small" className="error-dialog">
      <p className="error-dialog__message">{state.message}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" data-autofocus onClick={closeErrorDialog}>
          OK
        </button>
      </div>
    </Dialog>
  );
}
