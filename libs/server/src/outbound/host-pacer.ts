import type { Clock, Sleep } from './timing';

/** A host's queue is full: the request was not admitted (nothing was sent). */
export class PaceQueueFullError extends Error {
  constructor(
    readonly host: string,
    readonly limit: number,
  ) {
    super(`${limit} requests are already waiting for ${host}`);
    this.name = 'PaceQueueFullError';
  }
}

export interface HostPacerOptions {
  /** The least time between the starts of two requests to one host. */
  intervalMs: number;
  /** Requests that may wait for one host; one more is refused with PaceQueueFullError. */
  queueLimit: number;
  now: Clock;
  sleep: Sleep;
}

interface HostState {
  /** Settles when the request ahead of the next one is done. */
  tail: Promise<void>;
  waiting: number;
  running: boolean;
  /** No request starts before this time. */
  notBefore: number;
  /** The host's own Crawl-delay, when longer than ours. */
  intervalMs: number;
}

/**
 * A polite pace per host: one request at a time, in arrival order, each
 * starting at least `intervalMs` after the previous one started (or later, if
 * the host asked for more: Crawl-delay, Retry-After). Waiting requests per
 * host are bounded, so a burst is refused at once rather than queued for hours.
 */
export class HostPacer {
  private readonly hosts = new Map<string, HostState>();

  constructor(private readonly options: HostPacerOptions) {}

  /**
   * Runs `task` at the host's next turn. `admitted`: a retry of a request
   * already let in; it never meets the queue limit (it would be refused
   * halfway through).
   */
  async run<T>(host: string, task: () => Promise<T>, { admitted = false }: { admitted?: boolean } = {}): Promise<T> {
    this.forgetIdleHosts();
    const state = this.stateOf(host);
    if (!admitted && state.waiting >= this.options.queueLimit) throw new PaceQueueFullError(host, this.options.queueLimit);
    state.waiting += 1;
    const ahead = state.tail;
    let release = () => undefined as void;
    state.tail = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    try {
      await ahead;
      // notBefore can move while this one sleeps (a 429 from the request ahead): check again after each sleep.
      for (let wait = state.notBefore - this.options.now(); wait > 0; wait = state.notBefore - this.options.now()) await this.options.sleep(wait);
      state.waiting -= 1;
      started = true;
      state.running = true;
      state.notBefore = this.options.now() + state.intervalMs;
      return await task();
    } finally {
      if (!started) state.waiting -= 1;
      state.running = false;
      release();
    }
  }

  /** The host asked for a pause (Retry-After, a 5xx backoff): nothing starts there before `until`. */
  holdUntil(host: string, until: number): void {
    const state = this.stateOf(host);
    state.notBefore = Math.max(state.notBefore, until);
  }

  /** The host's robots.txt asks for a longer Crawl-delay than our pace: use it (never a shorter one). */
  slowDown(host: string, intervalMs: number): void {
    const state = this.stateOf(host);
    state.intervalMs = Math.max(this.options.intervalMs, intervalMs);
  }

  /** How many requests wait for `host` (tests, metrics). */
  waitingFor(host: string): number {
    return this.hosts.get(host)?.waiting ?? 0;
  }

  private stateOf(host: string): HostState {
    let state = this.hosts.get(host);
    if (!state) {
      state = { tail: Promise.resolve(), waiting: 0, running: false, notBefore: 0, intervalMs: this.options.intervalMs };
      this.hosts.set(host, state);
    }
    return state;
  }

  /** Memory stays bounded by the hosts in use: one idle past its pause is forgotten (its Crawl-delay is relearnt from robots.txt). */
  private forgetIdleHosts(): void {
    if (this.hosts.size < 256) return;
    const now = this.options.now();
    for (const [host, state] of this.hosts) {
      if (state.waiting === 0 && !state.running && state.notBefore <= now) this.hosts.delete(host);
    }
  }
}
