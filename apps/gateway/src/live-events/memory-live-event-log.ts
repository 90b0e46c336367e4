import { LIVE_EVENTS_KEPT, LIVE_EVENTS_KEPT_SECONDS, type LiveEvent } from '@closetly/contracts';
import { boundedToEntries } from '@closetly/server';
import { LRUCache } from 'lru-cache';
import { compareLiveEventIds, type LiveEventLog, type LiveReplay, type LiveSignal, resumeHasGap, type StoredLiveEvent } from './live-event-log';

interface UserLog {
  events: StoredLiveEvent[];
  newest: string;
  newestTrimmed: string | null;
}

/** Users whose logs one embedded process keeps (the least recently written go first). */
const USERS_KEPT = 100_000;
/** Keys of appended bus events remembered, so a redelivery is not appended twice. */
const ONCE_KEYS_KEPT = 200_000;

/**
 * The embedded product's live-event log: one process, so memory. A restart forgets it, and a client
 * resuming with an id from before gets a resync, as after any gap.
 */
export class MemoryLiveEventLog implements LiveEventLog {
  readonly kind = 'memory' as const;
  private readonly logs = new LRUCache<string, UserLog>({ ...boundedToEntries(USERS_KEPT), ttl: LIVE_EVENTS_KEPT_SECONDS * 1000 });
  private readonly appended = new LRUCache<string, true>({ ...boundedToEntries(ONCE_KEYS_KEPT), ttl: LIVE_EVENTS_KEPT_SECONDS * 1000 });
  private readonly listeners = new Map<string, Set<(signal: LiveSignal) => void>>();
  private readonly streams = new Map<string, Map<string, number>>();

  constructor(private readonly now: () => number = Date.now) {}

  append(userId: string, onceKey: string, event: LiveEvent): Promise<void> {
    const once = `${onceKey}:${userId}`;
    if (this.appended.has(once)) return Promise.resolve();
    this.appended.set(once, true);
    const log = this.logs.get(userId);
    const id = nextId(log?.newest, this.now());
    const stored = { id, event };
    if (log) {
      log.events.push(stored);
      log.newest = id;
      if (log.events.length > LIVE_EVENTS_KEPT) log.newestTrimmed = log.events.splice(0, log.events.length - LIVE_EVENTS_KEPT).at(-1)!.id;
      this.logs.set(userId, log);
    } else {
      this.logs.set(userId, { events: [stored], newest: id, newestTrimmed: null });
    }
    this.signal(userId, { kind: 'event', ...stored });
    return Promise.resolve();
  }

  readAfter(userId: string, after: string | null): Promise<LiveReplay> {
    const log = this.logs.get(userId);
    const head = log?.newest ?? null;
    if (after === null) return Promise.resolve({ events: [], gap: false, head });
    if (resumeHasGap(after, { newest: head, newestTrimmed: log?.newestTrimmed ?? null }, this.now())) return Promise.resolve({ events: [], gap: true, head });
    return Promise.resolve({ events: log!.events.filter((stored) => compareLiveEventIds(stored.id, after) > 0), gap: false, head });
  }

  subscribe(userId: string, listener: (signal: LiveSignal) => void): Promise<() => Promise<void>> {
    const set = this.listeners.get(userId) ?? new Set();
    set.add(listener);
    this.listeners.set(userId, set);
    return Promise.resolve(() => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
      return Promise.resolve();
    });
  }

  endSessions(userId: string, sessionId: string | null): Promise<void> {
    this.signal(userId, { kind: 'session-ended', sessionId });
    return Promise.resolve();
  }

  claimStream(userId: string, streamId: string, max: number, leaseSeconds: number): Promise<boolean> {
    const now = this.now();
    const leases = this.streams.get(userId) ?? new Map<string, number>();
    for (const [id, until] of leases) if (until <= now) leases.delete(id);
    if (leases.size >= max) return Promise.resolve(false);
    leases.set(streamId, now + leaseSeconds * 1000);
    this.streams.set(userId, leases);
    return Promise.resolve(true);
  }

  renewStream(userId: string, streamId: string, leaseSeconds: number): Promise<void> {
    this.streams.get(userId)?.set(streamId, this.now() + leaseSeconds * 1000);
    return Promise.resolve();
  }

  releaseStream(userId: string, streamId: string): Promise<void> {
    const leases = this.streams.get(userId);
    leases?.delete(streamId);
    if (leases?.size === 0) this.streams.delete(userId);
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }

  private signal(userId: string, signal: LiveSignal): void {
    for (const listener of [...(this.listeners.get(userId) ?? [])]) listener(signal);
  }
}

/** Redis's id rule: the time in ms, and a sequence within the same ms (or after a clock step back). */
function nextId(previous: string | undefined, now: number): string {
  if (!previous) return `${now}-0`;
  const [ms, seq] = previous.split('-').map(Number) as [number, number];
  return now > ms ? `${now}-0` : `${ms}-${seq + 1}`;
}
