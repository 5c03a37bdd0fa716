/**
 * A value as it was once it stopped changing for `ms`: a filter typed letter by letter asks the server once, for
 * what the person meant, not once per key.
 */
import { useEffect, useState } from 'react';

export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
