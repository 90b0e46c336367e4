import { randomUUID } from 'node:crypto';
import { LIVE_EVENTS_KEPT, LIVE_EVENTS_KEPT_SECONDS, type LiveEvent } from '@closetly/contracts';
import { engines, pollUntil, removeCacheKeys, uniqueName } from '@closetly/testing';
import { Redis } from 'ioredis';
import type { LiveEventLog, LiveSignal } from '../src/live-events/live-event-log';
import { MemoryLiveEventLog } from '../src/live-events/memory-live-event-log';
import { RedisLiveEventLog } from '../src/live-events/redis-live-event-log';

/** A clock the test moves: lease expiry and the keep time without waiting. */
class TestClock {
  at = Date.now();
  readonly now = () => this.at;
}

interface Replicas {
  /** Two gateway replicas' views of one shared log (the same object in memory: one process). */
  first: LiveEventLog;
  second: LiveEventLog;
  clock: TestClock;
  close(): Promise<void>;
}

const saved = (productId: string = randomUUID()): LiveEvent => ({ type: 'item-saved', productId, at: new Date().toISOString() });

/** One contract for the live-event log: Redis (distributed) and memory (embedded). */
describe.each([
  [
    'memory',
    (): Replicas => {
      const clock = new TestClock();
      const log = new MemoryLiveEventLog(clock.now);
      return { first: log, second: log, clock, close: () => log.close() };
    },
  ],
  [
    'redis',
    (): Replicas => {
      const clock = new TestClock();
      const prefix = `${uniqueName('live')}:`;
      const connections = [new Redis(engines.redisUrl), new Redis(engines.redisUrl)];
      const [first, second] = connections.map((redis) => new RedisLiveEventLog(redis, prefix, clock.now)) as [RedisLiveEventLog, RedisLiveEventLog];
      return {
        first,
        second,
        clock,
        async close() {
          await Promise.all([first.close(), second.close()]);
          await removeCacheKeys(prefix);
          connections.forEach((redis) => redis.disconnect());
        },
      };
    },
  ],
] as const)('live-event log (%s)', (_kind, open) => {
  let replicas: Replicas;
  beforeEach(() => {
    replicas = open();
  });
  afterEach(() => replicas.close());

  const user = () => `user-${randomUUID()}`;

  it('keeps a user’s events in order, and a resume gets exactly those after its id', async () => {
    const { first } = replicas;
    const uid = user();
    const events = [saved(), saved(), { type: 'item-removed', productId: randomUUID(), at: new Date().toISOString() } as const];
    await first.append(uid, 'e0', events[0]!);
    const afterFirst = (await first.readAfter(uid, null)).head!;
    for (const [i, event] of events.slice(1).entries()) await first.append(uid, `e${i + 1}`, event);
    const start = await first.readAfter(uid, null);
    expect(start.events).toEqual([]);
    expect(start.gap).toBe(false);
    expect(start.head).not.toBeNull();

    const replay = await first.readAfter(uid, afterFirst);
    expect(replay.gap).toBe(false);
    expect(replay.events.map((stored) => stored.event)).toEqual(events.slice(1));
    expect(replay.head).toBe(replay.events.at(-1)!.id);
    expect(start.head).toBe(replay.head);
  });

  it('appends a redelivered bus event once', async () => {
    const { first, second } = replicas;
    const uid = user();
    await first.append(uid, 'marker', saved());
    const { head } = await first.readAfter(uid, null);
    await first.append(uid, 'same', saved());
    await second.append(uid, 'same', saved());
    await first.append(uid, 'other', saved());
    expect((await first.readAfter(uid, head)).events).toHaveLength(2);
  });

  it('tells every replica listening for the user, with the id a resume would give', async () => {
    const { first, second } = replicas;
    const uid = user();
    const heardBySecond: LiveSignal[] = [];
    const heardByOther: LiveSignal[] = [];
    const stop = await second.subscribe(uid, (signal) => heardBySecond.push(signal));
    await second.subscribe(user(), (signal) => heardByOther.push(signal));
    const event = saved();
    await first.append(uid, 'one', event);
    await pollUntil(() => heardBySecond.length, (n) => n === 1, { what: 'the event on the other replica' });
    const { head } = await first.readAfter(uid, null);
    expect(heardBySecond[0]).toEqual({ kind: 'event', id: head, event });

    await first.endSessions(uid, 'session-1');
    await pollUntil(() => heardBySecond.length, (n) => n === 2, { what: 'the end of the session' });
    expect(heardBySecond[1]).toEqual({ kind: 'session-ended', sessionId: 'session-1' });

    await stop();
    await first.append(uid, 'two', saved());
    await first.endSessions(uid, null);
    // The unsubscribed listener hears nothing more; a listener of another user never heard anything.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heardBySecond).toHaveLength(2);
    expect(heardByOther).toEqual([]);
  });

  it('reports a gap when the events after the id are no longer all kept, or the id is not one it wrote', async () => {
    const { first, clock } = replicas;
    const uid = user();
    await first.append(uid, 'e0', saved());
    const oldest = (await first.readAfter(uid, null)).head!;
    for (let i = 1; i <= LIVE_EVENTS_KEPT; i += 1) await first.append(uid, `e${i}`, saved());
    // The first event was trimmed: a client that saw it has missed nothing; one from before it has.
    const fromOldest = await first.readAfter(uid, oldest);
    expect(fromOldest.gap).toBe(false);
    expect(fromOldest.events).toHaveLength(LIVE_EVENTS_KEPT);
    expect((await first.readAfter(uid, firstIdBefore(oldest))).gap).toBe(true);

    const head = (await first.readAfter(uid, null)).head!;
    expect((await first.readAfter(uid, 'not-an-id')).gap).toBe(true);
    expect((await first.readAfter(uid, `${Number(head.split('-')[0]) + 60_000}-0`)).gap).toBe(true); // after the newest: another store's id
    expect((await first.readAfter(user(), head)).gap).toBe(true); // a user with nothing kept
    clock.at += (LIVE_EVENTS_KEPT_SECONDS + 60) * 1000;
    expect((await first.readAfter(uid, head)).gap).toBe(true); // older than the keep time
  });

  it('caps a user’s open streams across replicas, frees a released one at once and a dead replica’s when its lease runs out', async () => {
    const { first, second, clock } = replicas;
    const uid = user();
    expect(await first.claimStream(uid, 's1', 2, 45)).toBe(true);
    expect(await second.claimStream(uid, 's2', 2, 45)).toBe(true);
    expect(await first.claimStream(uid, 's3', 2, 45)).toBe(false);
    expect(await first.claimStream(user(), 's3', 2, 45)).toBe(true); // another user's count is their own
    await second.releaseStream(uid, 's2');
    expect(await first.claimStream(uid, 's3', 2, 45)).toBe(true);
    clock.at += 30_000;
    await first.renewStream(uid, 's3', 45);
    clock.at += 30_000; // s1's lease (never renewed) has run out; s3's was renewed
    expect(await second.claimStream(uid, 's4', 2, 45)).toBe(true);
    expect(await second.claimStream(uid, 's5', 2, 45)).toBe(false);
  });
});

/** The id just before this one (the same ms, or the ms before). */
function firstIdBefore(id: string): string {
  const [ms, seq] = id.split('-').map(Number) as [number, number];
  return seq > 0 ? `${ms}-${seq - 1}` : `${ms - 1}-999`;
}

describe('live-event log (redis): a dropped subscriber connection', () => {
  it('tells every stream it holds to resync once it is back, and goes on delivering', async () => {
    const prefix = `${uniqueName('live')}:`;
    const connection = new Redis(engines.redisUrl);
    const log = new RedisLiveEventLog(connection, prefix);
    try {
      const heard: LiveSignal[] = [];
      await log.subscribe('user-a', (signal) => heard.push(signal));
      await log.subscribe('user-b', (signal) => heard.push(signal));
      // As a network drop would: ioredis reconnects and subscribes again by itself.
      log['subscriber'].disconnect(true);
      await pollUntil(() => heard.filter((signal) => signal.kind === 'resync').length, (n) => n === 2, { what: 'a resync for each stream' });
      await log.append('user-a', 'after', saved());
      await pollUntil(() => heard.filter((signal) => signal.kind === 'event').length, (n) => n === 1, { what: 'an event after the reconnect' });
    } finally {
      await log.close();
      await removeCacheKeys(prefix);
      connection.disconnect();
    }
  });
});
