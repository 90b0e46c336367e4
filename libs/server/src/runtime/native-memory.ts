import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * glibc malloc settings for a server process, given in its environment at spawn (glibc reads them only
 * when the process starts; Node cannot call mallopt). After a large block is freed, glibc raises its
 * mmap threshold (up to 32 MB), so later large blocks (argon2's 19 MiB per password hash, libvips's
 * image buffers) come from per-thread heaps that stay resident once freed: the demo seed's 36 sign-ups
 * and 164 illustrations left about 180 MB behind. A fixed 128 KiB threshold keeps such blocks as their
 * own mappings, returned to the system when freed; the small-block heaps are trimmed from 128 KiB.
 * Other C libraries ignore these variables.
 */
export const NATIVE_MEMORY_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

/**
 * Memory-reducing garbage collections once this process has gone quiet after a one-off burst of work (the
 * demo seed at a first start, whose events keep the services busy for a while after it returns). V8 keeps
 * the old space it grew to (heapTotal ~200 to 260 MB after the seed, ~125 MB after a warm start), and the
 * garbage in it, until its memory reducer happens to run, often only after half a minute of idleness or
 * never. Quiet: the event loop busy less than a tenth of the time for `quietChecks` checks in a row; each
 * quiet spell after work (the first one included) gets a collection, and a second one a check later
 * returns the pages the first one's sweep freed (another ~30 MB measured): collecting only at the first
 * quiet moment missed the garbage of the work that followed (the seed's last events, search's warm-up,
 * the recommender), 50 MB still held. The checks end after `maxChecks`. `gc` is not exposed to the
 * product's code, so it is taken from a fresh context made after the flag is set (the process's own
 * global gets none); the collections' own time is not counted as work.
 */
export function collectGarbageWhenIdle(checkEveryMs = 1000, maxChecks = 120, quietChecks = 3): void {
  let previous = performance.eventLoopUtilization();
  let checks = 0;
  let quietInARow = 0;
  let workSinceCollected = true;
  // Taken once, at the first collection: each one made a new context for it.
  let gc: (() => void) | undefined;
  const collect = () => {
    if (!gc) {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    }
    // Without arguments: a full, compacting collection. With an options object (type, execution, flavor)
    // Node 20's gc() collected nothing at all (heapUsed unchanged, measured), so these collections never ran.
    gc();
  };
  const timer = setInterval(() => {
    const current = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(current, previous).utilization;
    previous = current;
    checks += 1;
    quietInARow = busy < 0.1 ? quietInARow + 1 : 0;
    if (busy >= 0.1) workSinceCollected = true;
    if (workSinceCollected && quietInARow >= quietChecks) {
      workSinceCollected = false;
      collect();
      setTimeout(() => {
        collect();
        previous = performance.eventLoopUtilization();
      }, checkEveryMs / 2).unref();
      previous = performance.eventLoopUtilization();
    }
    if (checks >= maxChecks) clearInterval(timer);
  }, checkEveryMs);
  timer.unref();
}
