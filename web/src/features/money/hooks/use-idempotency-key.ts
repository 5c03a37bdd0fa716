/**
 * One idempotency key per intended money move (a withdrawal): made once, kept through every retry — a double
 * click, an answer that never came, a reload of the tab — so the server answers the first request again instead
 * of moving the money twice; replaced only after a success, ready for the next one. Kept in sessionStorage, so
 * it lives as long as the tab.
 */
import { useCallback, useState } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';

function stored(name: string): string | null {
  try {
    return sessionStorage.getItem(name);
  } catch {
    return null;
  }
}

function store(name: string, key: string): string {
  try {
    sessionStorage.setItem(name, key);
  } catch {
    // Without storage the key still lives as long as the page.
  }
  return key;
}

export function useIdempotencyKey(name: string) {
  const [key, setKey] = useState(() => stored(name) ?? store(name, newIdempotencyKey()));
  /** After a success: the next request is a new one. */
  const renew = useCallback(() => setKey(store(name, newIdempotencyKey())), [name]);
  return { key, renew };
}
