import { Logger } from '@nestjs/common';
import { LIVE_EVENTS_KEPT, LIVE_EVENTS_KEPT_SECONDS, LiveEvent } from '@closetly/contracts';
import type { Redis } from 'ioredis';
import { type LiveEventLog, type LiveReplay, type LiveSignal, resumeHasGap, type StoredLiveEvent } from './live-event-log';

/**
 * Appends once per key, keeps the id of the newest event trimmed (XINFO's max-deleted-entry-id counts
 * only XDEL), keeps the log a day after its last event, and publishes the event with its id to the
 * replicas listening for the user, in one step.
 * KEYS: log stream, once key, newest-trimmed key. ARGV: event JSON, kept count, kept seconds, channel.
 */
const APPEND = `
if not redis.call('SET', KEYS[2], '1', 'NX', 'EX', ARGV[3]) then return false end
if redis.call('XLEN', KEYS[1]) >= tonumber(ARGV[2]) then
  local oldest = redis.call('XRANGE', KEYS[1], '-', '+', 'COUNT', 1)[1][1]
  redis.call('SET', KEYS[3], oldest, 'EX', ARGV[3])
end
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '=', ARGV[2], '*', 'e', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('PUBLISH', ARGV[4], '{"kind":"event","id":"' .. id .. '","event":' .. ARGV[1] .. '}')
return id
`;

/** KEYS: the user's lease set. ARGV: now (ms), max, stream id, lease seconds. A lease already held is renewed. */
const CLAIM = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[3]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[4]) * 1000, ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]) * 1000)
return 1
`;

/**
 * The distributed product's live-event log: a Redis stream per user (XADD, trimmed to LIVE_EVENTS_KEPT),
 * and a pub/sub channel per user that only the replicas holding one of the user's streams subscribe to.
 * One subscriber connection per replica, whatever the number of streams.
 */
export class RedisLiveEventLog implements LiveEventLog {
  readonly kind = 'redis' as const;
  private readonly log = new Logger(RedisLiveEventLog.name);
  private readonly subscriber: Redis;
  private readonly listeners = new Map<string, Set<(signal: LiveSignal) => void>>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {
    this.subscriber = redis.duplicate();
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, message: string) => this.deliver(channel, message));
    // Back after a drop (ioredis subscribes again by itself): whatever was published meanwhile never
    // reached this replica, so every stream it holds is told to refetch.
    let connectedBefore = false;
    this.subscriber.on('ready', () => {
      if (connectedBefore) this.resyncEveryone();
      connectedBefore = true;
    });
  }

  async append(userId: string, onceKey: string, event: LiveEvent): Promise<void> {
    await this.redis.eval(APPEND, 3, this.logKey(userId), `${this.prefix}live:once:${onceKey}:${userId}`, this.trimmedKey(userId), JSON.stringify(event), LIVE_EVENTS_KEPT, LIVE_EVENTS_KEPT_SECONDS, this.channel(userId));
  }

  async readAfter(userId: string, after: string | null): Promise<LiveReplay> {
    const key = this.logKey(userId);
    const info = await this.redis.xinfo('STREAM', key).catch((error: unknown) => {
      if (error instanceof Error && /no such key/i.test(error.message)) return undefined;
      throw error;
    });
    const fields = info ? fieldsOf(info as unknown[]) : undefined;
    const head = fields ? String(fields.get('last-generated-id')) : null;
    if (after === null) return { events: [], gap: false, head };
    const trimmed = await this.redis.get(this.trimmedKey(userId));
    if (resumeHasGap(after, { newest: head, newestTrimmed: trimmed }, this.now())) return { events: [], gap: true, head };
    const entries = await this.redis.xrange(key, `(${after}`, '+', 'COUNT', LIVE_EVENTS_KEPT);
    return { events: entries.flatMap(([id, values]) => this.stored(id, values[1])), gap: false, head };
  }

  async subscribe(userId: string, listener: (signal: LiveSignal) => void): Promise<() => Promise<void>> {
    const channel = this.channel(userId);
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.subscriber.subscribe(channel);
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size > 0 || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
      await this.subscriber.unsubscribe(channel).catch((error: unknown) => this.log.warn({ err: error }, 'could not unsubscribe a live channel'));
    };
  }

  async endSessions(userId: string, sessionId: string | null): Promise<void> {
    await this.redis.publish(this.channel(userId), JSON.stringify({ kind: 'session-ended', sessionId }));
  }

  async claimStream(userId: string, streamId: string, max: number, leaseSeconds: number): Promise<boolean> {
    return (await this.redis.eval(CLAIM, 1, this.leaseKey(userId), this.now(), max, streamId, leaseSeconds)) === 1;
  }

  async renewStream(userId: string, streamId: string, leaseSeconds: number): Promise<void> {
    // One round trip: every open stream renews on each heartbeat.
    const key = this.leaseKey(userId);
    await this.redis.multi().zadd(key, this.now() + leaseSeconds * 1000, streamId).pexpire(key, leaseSeconds * 1000).exec();
  }

  async releaseStream(userId: string, streamId: string): Promise<void> {
    await this.redis.zrem(this.leaseKey(userId), streamId);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  private resyncEveryone(): void {
    this.log.warn({ channels: this.listeners.size }, 'the live channels reconnected; open streams are told to resync');
    for (const set of this.listeners.values()) for (const listener of [...set]) listener({ kind: 'resync' });
  }

  private deliver(channel: string, message: string): void {
    const set = this.listeners.get(channel);
    if (!set) return;
    let signal: LiveSignal;
    try {
      const parsed = JSON.parse(message) as { kind?: unknown; id?: unknown; event?: unknown; sessionId?: unknown };
      if (parsed.kind === 'session-ended') signal = { kind: 'session-ended', sessionId: typeof parsed.sessionId === 'string' ? parsed.sessionId : null };
      else signal = { kind: 'event', id: String(parsed.id), event: LiveEvent.parse(parsed.event) };
    } catch (error) {
      this.log.warn({ err: error }, 'a live message that is not ours was skipped');
      return;
    }
    for (const listener of [...set]) listener(signal);
  }

  private stored(id: string, json: string | undefined): StoredLiveEvent[] {
    const event = LiveEvent.safeParse(JSON.parse(json ?? 'null'));
    return event.success ? [{ id, event: event.data }] : [];
  }

  private logKey(userId: string): string {
    return `${this.prefix}live:log:${userId}`;
  }

  private trimmedKey(userId: string): string {
    return `${this.prefix}live:trimmed:${userId}`;
  }

  private leaseKey(userId: string): string {
    return `${this.prefix}live:streams:${userId}`;
  }

  private channel(userId: string): string {
    return `${this.prefix}live:user:${userId}`;
  }
}

/** XINFO STREAM's flat [name, value, ...] reply as a map. */
function fieldsOf(reply: unknown[]): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (let i = 0; i + 1 < reply.length; i += 2) fields.set(String(reply[i]), reply[i + 1]);
  return fields;
}
