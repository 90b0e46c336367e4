/**
 * A clock and a sleep for code that takes them injected (the outbound
 * fetcher's pace, backoff and robots.txt cache): time moves only when
 * everything else is waiting, straight to the next sleeper's wake-up, so a
 * test sees "2 s later" at once and never waits on the wall clock.
 */
export interface VirtualTime {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Every sleep asked for, in ms, in order. */
  readonly sleeps: number[];
  /** Moves the clock forward (waking no one: `run` does that). */
  advance(ms: number): void;
  /** Awaits `work`, moving the clock to the next wake-up whenever nothing else is left to run. */
  run<T>(work: Promise<T>): Promise<T>;
}

export function virtualTime(start = Date.UTC(2026, 0, 1)): VirtualTime {
  let now = start;
  const sleepers: Array<{ at: number; order: number; wake: () => void }> = [];
  const sleeps: number[] = [];
  let order = 0;
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    sleeps,
    advance(ms) {
      now += ms;
    },
    sleep(ms) {
      sleeps.push(ms);
      return new Promise<void>((wake) => sleepers.push({ at: now + Math.max(0, ms), order: (order += 1), wake }));
    },
    async run<T>(work: Promise<T>): Promise<T> {
      let settled = false;
      const watched = work.finally(() => (settled = true));
      watched.catch(() => undefined);
      while (!settled) {
        await turn();
        if (settled || sleepers.length === 0) continue; // real I/O still in flight: let it finish
        sleepers.sort((a, b) => a.at - b.at || a.order - b.order);
        const next = sleepers.shift();
        if (next) {
          now = Math.max(now, next.at);
          next.wake();
        }
      }
      return watched;
    },
  };
}
