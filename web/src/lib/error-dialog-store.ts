import { createStore } from '@/lib/create-store';

/** docs/product.md §16: what the info dialog says when the server fails or cannot be reached. */
export const SOMETHING_WENT_WRONG = 'Something went wrong, please contact admin';

export type ErrorDialogState = { title: string; message: string } | null;

export const errorDialogStore = createStore<ErrorDialogState>(null);

/** docs/product.md §16 "Other errors": a dialog titled 'Error!' with the server's message. */
export function showErrorDialog(message: string, title = 'Error!') {
  errorDialogStore.set({ title, message });
}

/** docs/product.md §16: HTTP 500, 502 or no response. */
export function showSomethingWentWrong() {
  errorDialogStore.set({ title: 'Info', message: SOMETHING_WENT_WRONG });
}

export function closeErrorDialog() {
  errorDialogStore.set(null);
}
