import { describe, expect, it } from 'vitest';
import { chunkLoadsSettled, counted } from '@/lib/chunk-loads';

function later<T>(value: T, fail = false) {
  let settle!: () => void;
  const load = new Promise<T>((resolve, reject) => {
    settle = () => (fail ? reject(new Error('offline')) : resolve(value));
  });
  return { load, settle };
}

describe('waiting for prefetched code before the page goes', () => {
  it('waits for every counted load, a failed one and one started while waiting included', async () => {
    const first = later('login');
    const failing = later('signup', true);
    const second = later('qr');
    counted(first.load);
    counted(failing.load).catch(() => undefined);
    let settled = false;
    const waiting = chunkLoadsSettled().then(() => (settled = true));
    first.settle();
    await Promise.resolve();
    counted(second.load);
    failing.settle();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    second.settle();
    await waiting;
    expect(settled).toBe(true);
  });

  it('hands the load back unchanged', async () => {
    await expect(counted(Promise.resolve(7))).resolves.toBe(7);
    await chunkLoadsSettled();
  });
});
