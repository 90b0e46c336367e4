import { constants, PerformanceObserver } from 'node:perf_hooks';
import { pollUntil } from '@closetly/testing';
import { collectGarbageWhenIdle } from './native-memory';

/** The kinds of the forced collections this process runs from now until `stop()` (only an explicit gc() is forced). */
function watchForcedCollections(): { kinds: number[]; stop(): void } {
  const kinds: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as unknown as { detail: { kind: number; flags: number } };
      if (detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) kinds.push(detail.kind);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return { kinds, stop: () => observer.disconnect() };
}

describe('collectGarbageWhenIdle', () => {
  it('runs full collections once the process has gone quiet, and the heap gives back the garbage a burst of work left', async () => {
    const burst = { garbage: Array.from({ length: 200_000 }, (_, index) => ({ index, text: `item ${index} `.repeat(4) })) };
    const held = process.memoryUsage().heapUsed;
    burst.garbage = [];
    const forced = watchForcedCollections();
    try {
      collectGarbageWhenIdle(20, 40, 2);
      // GC entries are delivered asynchronously, and a loaded machine delays the checks: waited for, not timed.
      await pollUntil(() => forced.kinds.filter((kind) => kind === constants.NODE_PERFORMANCE_GC_MAJOR).length, (majors) => majors >= 2, {
        what: 'two forced full collections',
        intervalMs: 20,
        timeoutMs: 10_000,
      });
    } finally {
      forced.stop();
    }
    expect(process.memoryUsage().heapUsed).toBeLessThan(held - 20_000_000);
  });
});
