import { constants, PerformanceObserver } from 'node:perf_hooks';
import { collectGarbageWhenIdle } from './native-memory';

/** The kinds of the forced collections this process runs while `during` waits (only an explicit gc() is forced). */
async function forcedCollections(during: () => Promise<void>): Promise<number[]> {
  const kinds: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as unknown as { detail: { kind: number; flags: number } };
      if (detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) kinds.push(detail.kind);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    await during();
    // GC entries are delivered asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    observer.disconnect();
  }
  return kinds;
}

describe('collectGarbageWhenIdle', () => {
  it('runs full collections once the process has gone quiet, and the heap gives back the garbage a burst of work left', async () => {
    const burst = { garbage: Array.from({ length: 200_000 }, (_, index) => ({ index, text: `item ${index} `.repeat(4) })) };
    const held = process.memoryUsage().heapUsed;
    burst.garbage = [];
    const kinds = await forcedCollections(async () => {
      collectGarbageWhenIdle(20, 40, 2);
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect(kinds.filter((kind) => kind === constants.NODE_PERFORMANCE_GC_MAJOR).length).toBeGreaterThanOrEqual(2);
    expect(process.memoryUsage().heapUsed).toBeLessThan(held - 20_000_000);
  });
});
