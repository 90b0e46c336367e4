import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  type Caller,
  LIVE_EVENTS_BUSY_MESSAGE,
  LIVE_EVENTS_TOO_MANY_MESSAGE,
  LIVE_HEARTBEAT_MS,
  LIVE_RETRY_MS,
  LIVE_STREAMS_PER_USER,
  type LiveControl,
  type LiveEvent,
} from '@closetly/contracts';
import { DomainError, engineUnavailable, LIVE_EVENTS_SENT, LIVE_STREAMS_OPEN, METRICS, type ProcessMetrics } from '@closetly/server';
import { SessionLiveness } from '../auth/session-liveness';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { compareLiveEventIds, LIVE_EVENT_LOG, type LiveEventLog, type LiveSignal } from './live-event-log';

/** A stream's lease on its user's count runs this long unless a heartbeat renews it: a dead replica's streams free up soon. */
export const LIVE_STREAM_LEASE_SECONDS = Math.ceil((3 * LIVE_HEARTBEAT_MS) / 1000);
/** A client that lets this much pile up unread is too slow to follow: its stream ends, and it resumes later. */
const MAX_UNREAD_BYTES = 256 * 1024;
/** Retry-After of a refused stream: a replica that is full, or a user holding too many. */
const BUSY_RETRY_SECONDS = 5;
const TOO_MANY_RETRY_SECONDS = 30;

/** Where the stream's bytes go: the reply's body, and how to learn that the client went away. */
export interface LiveStreamSink {
  body: PassThrough;
  onClientGone(listener: () => void): void;
}

/**
 * The open live-event streams of this gateway replica (GET /api/events). Each one: a lease on its user's
 * count (LIVE_STREAMS_PER_USER across replicas), a subscription to the user's signals, the replay after
 * the client's Last-Event-ID, then every new event as it comes, a heartbeat that also checks the session,
 * and an end when the session ends, the client goes, or this replica stops.
 */
@Injectable()
export class LiveStreams implements OnModuleDestroy {
  private readonly log = new Logger(LiveStreams.name);
  private readonly open = new Set<LiveStream>();
  private readonly sent;
  private readonly stopObserving: () => void;

  constructor(
    @Inject(LIVE_EVENT_LOG) private readonly events: LiveEventLog,
    private readonly sessions: SessionLiveness,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(METRICS) metrics: ProcessMetrics,
  ) {
    this.sent = metrics.counter(LIVE_EVENTS_SENT);
    this.stopObserving = metrics.observe(LIVE_STREAMS_OPEN, () => [{ labels: {}, value: this.open.size }]);
  }

  get size(): number {
    return this.open.size;
  }

  /**
   * Refuses before a byte is sent (the caller answers with the error): a full replica (503), a user at
   * their cap (429). Then the stream is the caller's to send.
   */
  async start(caller: Caller, lastEventId: string | null, sink: LiveStreamSink): Promise<void> {
    if (this.open.size >= this.config.LIVE_STREAMS_PER_REPLICA) {
      throw new DomainError('SERVICE_UNAVAILABLE', LIVE_EVENTS_BUSY_MESSAGE, { retryAfterSeconds: BUSY_RETRY_SECONDS });
    }
    const streamId = randomUUID();
    const claimed = await this.events.claimStream(caller.uid, streamId, LIVE_STREAMS_PER_USER, LIVE_STREAM_LEASE_SECONDS).catch((error: unknown) => {
      // Redis away (a timeout, a refused connection): a 503 the client retries after, never a 500.
      this.log.warn({ err: error }, 'a live stream could not be counted; answering 503');
      throw engineUnavailable();
    });
    if (!claimed) {
      throw new DomainError('RATE_LIMITED', LIVE_EVENTS_TOO_MANY_MESSAGE, { retryAfterSeconds: TOO_MANY_RETRY_SECONDS });
    }
    const stream = new LiveStream(caller, streamId, sink, this.events, this.sessions, (type) => this.sent.inc({ type }), () => this.open.delete(stream));
    this.open.add(stream);
    sink.onClientGone(() => void stream.end());
    await stream.begin(lastEventId).catch((error: unknown) => {
      this.log.warn({ err: error }, 'a live stream could not start; the client will try again');
      void stream.end();
    });
  }

  /** Ends every session's streams of the user on every replica (logout: one session; sign-out everywhere, deletion: all). */
  async endSessions(userId: string, sessionId: string | null): Promise<void> {
    await this.events.endSessions(userId, sessionId).catch((error: unknown) => this.log.warn({ err: error }, 'could not tell the replicas a session ended; their heartbeat check ends its streams'));
  }

  /** Stopping: every stream ends, so the HTTP server can close; clients resume elsewhere with their last id. */
  async onModuleDestroy(): Promise<void> {
    this.stopObserving();
    await Promise.all([...this.open].map((stream) => stream.end()));
    await this.events.close();
  }
}

class LiveStream {
  private ended = false;
  private unsubscribe: (() => Promise<void>) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  /** The newest id written; live signals at or before it were already sent by the replay. */
  private lastSent: string | null = null;
  /** Signals heard while the replay is read, written after it. */
  private pending: LiveSignal[] | undefined = [];

  constructor(
    private readonly caller: Caller,
    private readonly streamId: string,
    private readonly sink: LiveStreamSink,
    private readonly events: LiveEventLog,
    private readonly sessions: SessionLiveness,
    private readonly count: (type: string) => void,
    private readonly forget: () => void,
  ) {}

  async begin(lastEventId: string | null): Promise<void> {
    this.sink.body.write(`retry: ${LIVE_RETRY_MS}\n\n`);
    // Listening before reading the replay: nothing appended in between falls through.
    this.unsubscribe = await this.events.subscribe(this.caller.uid, (signal) => (this.pending ? this.pending.push(signal) : this.hear(signal)));
    if (this.ended) return void (await this.unsubscribe());
    const replay = await this.events.readAfter(this.caller.uid, lastEventId);
    if (replay.gap) this.control({ type: 'resync' });
    this.lastSent = replay.gap ? null : lastEventId;
    for (const stored of replay.events) this.event(stored.id, stored.event);
    this.control({ type: 'ready', lastEventId: this.lastSent ?? replay.head });
    if (this.lastSent === null) this.lastSent = replay.head;
    const heard = this.pending ?? [];
    this.pending = undefined;
    for (const signal of heard) this.hear(signal);
    this.heartbeat = setInterval(() => void this.beat(), LIVE_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.forget();
    clearInterval(this.heartbeat);
    this.sink.body.end();
    await Promise.all([this.unsubscribe?.(), this.events.releaseStream(this.caller.uid, this.streamId)]).catch(() => undefined);
  }

  private hear(signal: LiveSignal): void {
    if (this.ended) return;
    if (signal.kind === 'session-ended') {
      if (signal.sessionId === null || signal.sessionId === this.caller.sid) this.endSession();
      return;
    }
    if (signal.kind === 'resync') return this.control({ type: 'resync' });
    if (this.lastSent !== null && compareLiveEventIds(signal.id, this.lastSent) <= 0) return;
    this.event(signal.id, signal.event);
  }

  /** The heartbeat: a comment line, the lease renewed, and the session checked (a revocation elsewhere: password reset, an expired extension token). */
  private async beat(): Promise<void> {
    if (this.ended) return;
    this.write(`: heartbeat\n\n`, 'heartbeat');
    try {
      await this.events.renewStream(this.caller.uid, this.streamId, LIVE_STREAM_LEASE_SECONDS);
      if (!(await this.sessions.isLive(this.caller.sid))) this.endSession();
    } catch {
      // An engine blip: the stream goes on; the next beat checks again.
    }
  }

  private endSession(): void {
    this.control({ type: 'session-ended' });
    void this.end();
  }

  private event(id: string, event: LiveEvent): void {
    this.lastSent = id;
    this.write(`id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`, event.type);
  }

  private control(control: LiveControl): void {
    this.write(`event: ${control.type}\ndata: ${JSON.stringify(control)}\n\n`, control.type);
  }

  private write(frame: string, type: string): void {
    if (this.ended) return;
    if (type !== 'heartbeat' && type !== 'ready') this.count(type);
    this.sink.body.write(frame);
    if (this.sink.body.writableLength > MAX_UNREAD_BYTES) void this.end();
  }
}
