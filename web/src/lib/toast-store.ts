import { createStore } from '@/lib/create-store';

/** docs/product.md §19: a toast stays 3500 ms. */
export const TOAST_DURATION_MS = 3500;
const MAX_VISIBLE = 3;

export type ToastKind = 'success' | 'error' | 'info';
export type Toast = { id: number; kind: ToastKind; message: string };

export const toastStore = createStore<Toast[]>([]);
let nextId = 1;

export function dismissToast(id: number) {
  toastStore.set((toasts) => toasts.filter((toast) => toast.id !== id));
}

function show(kind: ToastKind, message: string) {
  const id = nextId++;
  // The same message twice (e.g. two failed requests) shows once; at most three at a time, newest last.
  toastStore.set((toasts) =>
    [...toasts.filter((toast) => toast.message !== message), { id, kind, message }].slice(-MAX_VISIBLE),
  );
  setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
