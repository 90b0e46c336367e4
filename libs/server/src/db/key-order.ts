/**
 * The items sorted by their keys' code units (a stable sort): the one order in which every batch takes
 * the row locks its items need, so two batches never wait on each other in turn.
 */
export function inKeyOrder<T>(items: Iterable<T>, keyOf: (item: T) => string): T[] {
  return [...items].sort((a, b) => {
    const [left, right] = [keyOf(a), keyOf(b)];
    return left < right ? -1 : left > right ? 1 : 0;
  });
}
