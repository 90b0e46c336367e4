import { LIVE_EVENT_ID, LIVE_EVENTS_KEPT_SECONDS, type LiveEvent } from '@closetly/contracts';

/** One kept event of a user, with its stream id. */
export interface StoredLiveEvent {
  id: string;
  event: LiveEvent;
}

/**
 * What a user's open streams hear, wherever they are: an event just appended, the end of a session, or
 * `resync` when the log may have missed telling them something (its connection to Redis came back).
 */
export type LiveSignal = ({ kind: 'event' } & StoredLiveEvent) | { kind: 'session-ended'; sessionId: string | null } | { kind: 'resync' };

/** The events after a resume point, or `gap` when some of them are no longer kept (the client refetches instead). */
export interface LiveReplay {
  events: StoredLiveEvent[];
  gap: boolean;
  /** The user's newest id: where a client with nothing to replay resumes from. */
  head: string | null;
}

/**
 * Each user's recent live events and the channel their open streams listen on, shared by every gateway
 * replica: Redis in distributed mode (a stream per user, pub/sub to the replicas holding that user's
 * streams), memory in the embedded one. Both pass one contract suite (live-event-log.int-spec.ts).
 */
export interface LiveEventLog {
  readonly kind: 'redis' | 'memory';
  /**
   * Keeps the event (its latest LIVE_EVENTS_KEPT, for LIVE_EVENTS_KEPT_SECONDS) and tells the user's open
   * streams. Once per `onceKey`: a bus event delivered twice is appended once.
   */
  append(userId: string, onceKey: string, event: LiveEvent): Promise<void>;
  /** The kept events after `after` (none when null: only the head), oldest first. */
  readAfter(userId: string, after: string | null): Promise<LiveReplay>;
  /** Listens to the user's signals until the returned function is called. */
  subscribe(userId: string, listener: (signal: LiveSignal) => void): Promise<() => Promise<void>>;
  /** Ends the user's open streams of this session (every session: null), on every replica. */
  endSessions(userId: string, sessionId: string | null): Promise<void>;
  /**
   * Counts an open stream of the user across replicas, for `leaseSeconds` unless renewed; false when the
   * user already holds `max` live ones. A replica that dies leaves its leases to run out.
   */
  claimStream(userId: string, streamId: string, max: number, leaseSeconds: number): Promise<boolean>;
  renewStream(userId: string, streamId: string, leaseSeconds: number): Promise<void>;
  releaseStream(userId: string, streamId: string): Promise<void>;
  close(): Promise<void>;
}

export const LIVE_EVENT_LOG = Symbol('LIVE_EVENT_LOG');

/** A stream id's two parts; undefined for anything a client made up. */
export function parseLiveEventId(id: string): [number, number] | undefined {
  if (!LIVE_EVENT_ID.test(id)) return undefined;
  const [ms, seq] = id.split('-').map(Number) as [number, number];
  return Number.isSafeInteger(ms) && Number.isSafeInteger(seq) ? [ms, seq] : undefined;
}

/** Orders two stream ids (both valid). */
export function compareLiveEventIds(a: string, b: string): number {
  const [aMs, aSeq] = parseLiveEventId(a) ?? [0, 0];
  const [bMs, bSeq] = parseLiveEventId(b) ?? [0, 0];
  return aMs - bMs || aSeq - bSeq;
}

/**
 * Whether a resume from `after` may have missed events no longer kept: an id we never wrote, one past the
 * user's newest (a store that started again), one before the newest trimmed, or one older than the
 * keep time (the whole log may have expired and started again since).
 */
export function resumeHasGap(after: string, kept: { newest: string | null; newestTrimmed: string | null }, now: number): boolean {
  const parsed = parseLiveEventId(after);
  if (!parsed) return true;
  if (parsed[0] < now - LIVE_EVENTS_KEPT_SECONDS * 1000) return true;
  if (kept.newest === null || compareLiveEventIds(after, kept.newest) > 0) return true;
  return kept.newestTrimmed !== null && compareLiveEventIds(after, kept.newestTrimmed) < 0;
}
