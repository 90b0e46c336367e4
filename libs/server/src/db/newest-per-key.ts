import { inKeyOrder } from './key-order';

/**
 * One item per key, the one with the latest time (the first of equals), in key order: the rows of a
 * multi-row upsert, which may not touch one row twice (ON CONFLICT DO UPDATE), each batch taking its
 * row locks in the same order.
 */
export function newestPerKey<T>(items: Iterable<T>, keyOf: (item: T) => string, timeOf: (item: T) => Date): T[] {
  const newest = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(item);
    const kept = newest.get(key);
    if (kept === undefined || timeOf(item) > timeOf(kept)) newest.set(key, item);
  }
  return inKeyOrder(newest.entries(), ([key]) => key).map(([, item]) => item);
}
