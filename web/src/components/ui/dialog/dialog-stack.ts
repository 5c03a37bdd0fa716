import { createStore } from '@/lib/create-store';

/**
 * The open modal dialogs, newest last. A modal dialog makes the rest of the page inert (hidden from screen readers
 * too), so toasts are shown inside the topmost dialog while one is open, and on the page otherwise.
 */
export const dialogStack = createStore<string[]>([]);

export function pushDialog(id: string) {
  dialogStack.set((stack) => [...stack.filter((entry) => entry !== id), id]);
}

export function removeDialog(id: string) {
  dialogStack.set((stack) => stack.filter((entry) => entry !== id));
}
