import { Logger } from '@nestjs/common';
import type { EventEnvelope } from '@closetly/contracts';
import { pollUntil } from '@closetly/testing';
import { DrizzleQueryError } from 'drizzle-orm';
import { createRootLogger, PinoNestLogger } from '../logging/logger';
import type { EventTransport, OutgoingEvent } from './event-transport';
import type { OutboxStore } from './outbox';
import { OutboxRelay } from './outbox-relay';

type Row = OutgoingEvent & { id: number };

/** An outbox in memory with the store's semantics: claim pending rows in order, mark, release. */
class FakeStore {
  rows: Array<Row & { published: boolean; claimed: boolean; lastError?: string }> = [];
  add(id: number) {
    this.rows.push({ id, topic: 't', key: `k${id}`, envelope: { id: `e${id}` } as unknown as EventEnvelope, published: false, claimed: false });
  }
  claimBatch = async (limit: number) => {
    const batch = this.rows.filter((row) => !row.published && !row.claimed).slice(0, limit);
    batch.forEach((row) => (row.claimed = true));
    return batch.map(({ id, topic, key, envelope }) => ({ id, topic, key, envelope }));
  };
  markPublished = async (ids: number[]) => {
    this.rows.filter((row) => ids.includes(row.id)).forEach((row) => Object.assign(row, { published: true, claimed: false }));
  };
  prunedWith: number[] = [];
  /** Rows published before this instant (ms) count as old enough to prune; none by default. */
  publishedLongAgo = new Set<number>();
  prunePublished = async (olderThanSeconds: number) => {
    this.prunedWith.push(olderThanSeconds);
    const before = this.rows.length;
    this.rows = this.rows.filter((row) => !(row.published && this.publishedLongAgo.has(row.id)));
    return before - this.rows.length;
  };
  release = async (ids: number[], error: string) => {
    this.rows.filter((row) => ids.includes(row.id)).forEach((row) => Object.assign(row, { claimed: false, lastError: error }));
  };
}

class FakeTransport implements Pick<EventTransport, 'publish'> {
  published: string[] = [];
  down = false;
  failure: Error = new Error('broker unreachable');
  attempts = 0;
  async publish(events: OutgoingEvent[]) {
    this.attempts += 1;
    if (this.down) throw this.failure;
    this.published.push(...events.map((event) => event.key));
  }
}

function relayWith(store: FakeStore, transport: FakeTransport, pollMs = 60_000) {
  return new OutboxRelay('unit', store as unknown as OutboxStore, transport as unknown as EventTransport, { pollMs, batchSize: 2, maxBackoffMs: 50 });
}

describe('OutboxRelay', () => {
  it('publishes pending rows in order, in batches, and marks them', async () => {
    const store = new FakeStore();
    const transport = new FakeTransport();
    [1, 2, 3].forEach((id) => store.add(id));
    const relay = relayWith(store, transport);
    expect(await relay.publishOnce()).toBe(2);
    expect(await relay.publishOnce()).toBe(1);
    expect(await relay.publishOnce()).toBe(0);
    expect(transport.published).toEqual(['k1', 'k2', 'k3']);
    expect(store.rows.every((row) => row.published)).toBe(true);
  });

  it('keeps rows and their error when the bus is down, and publishes them once it returns', async () => {
    const store = new FakeStore();
    const transport = new FakeTransport();
    transport.down = true;
    store.add(1);
    const relay = relayWith(store, transport, 20);
    relay.start();
    await pollUntil(() => transport.attempts, (n) => n >= 3, { what: 'retries with back-off' });
    expect(store.rows[0]).toMatchObject({ published: false, claimed: false, lastError: 'broker unreachable' });
    transport.down = false;
    await pollUntil(() => store.rows[0]?.published, (published) => published === true, { what: 'publish after recovery' });
    await relay.stop();
    expect(transport.published).toEqual(['k1']);
  });

  it('wakes on kick instead of waiting for the next poll', async () => {
    const store = new FakeStore();
    const transport = new FakeTransport();
    const relay = relayWith(store, transport, 60_000);
    relay.start();
    await pollUntil(() => transport.attempts === 0, Boolean);
    store.add(7);
    relay.kick();
    await pollUntil(() => transport.published, (keys) => keys.includes('k7'), { timeoutMs: 2_000, what: 'a kicked publish' });
    await relay.stop();
  });

  it('stops promptly and leaves unpublished rows for the next start', async () => {
    const store = new FakeStore();
    const transport = new FakeTransport();
    transport.down = true;
    store.add(1);
    const relay = relayWith(store, transport, 20);
    relay.start();
    await pollUntil(() => transport.attempts, (n) => n >= 1);
    await relay.stop();
    const attemptsAtStop = transport.attempts;

    // The bus returns and the relay is kicked: a relay still running would publish within one back-off (50 ms).
    transport.down = false;
    relay.kick();
    // The clock is a twin relay on the same timings that keeps running: after its third retry,
    // several back-offs have passed for the stopped one too. No sleep, no wall-clock assertion.
    const twin = new FakeTransport();
    twin.down = true;
    const twinStore = new FakeStore();
    twinStore.add(1);
    const twinRelay = relayWith(twinStore, twin, 20);
    twinRelay.start();
    await pollUntil(() => twin.attempts, (n) => n >= 4, { timeoutMs: 5_000, what: 'the twin relay to retry three times' });
    await twinRelay.stop();

    expect(transport.attempts).toBe(attemptsAtStop);
    expect(store.rows[0]).toMatchObject({ published: false, claimed: false });

    relay.start();
    await pollUntil(() => store.rows[0]?.published, (published) => published === true, { timeoutMs: 5_000, what: 'the next start to publish the row' });
    await relay.stop();
    expect(transport.published).toEqual(['k1']);
  });

  it('logs a failed publish without the values of a failed query (an in-process consumer’s insert, embedded mode)', async () => {
    const lines: string[] = [];
    Logger.overrideLogger(new PinoNestLogger(createRootLogger('trace', {}, { write: (line: string) => void lines.push(line) })));
    try {
      const store = new FakeStore();
      const transport = new FakeTransport();
      transport.down = true;
      transport.failure = new DrizzleQueryError('insert into "shoppers" ("uid", "email") values ($1, $2)', ['u-1', 'ada@example.com'], new Error('duplicate key'));
      store.add(1);
      const relay = relayWith(store, transport, 20);
      relay.start();
      await pollUntil(() => lines.length, (n) => n >= 1, { what: 'the failure to be logged' });
      await relay.stop();
    } finally {
      // The test setup keeps Nest's static logger silent; leave it so.
      Logger.overrideLogger(false);
    }
    expect(lines.join('')).not.toContain('ada@example.com');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ msg: 'publish failed; events stay in the outbox', err: { message: 'Failed query: insert into "shoppers" ("uid", "email") values ($1, $2)' } });
  });

  it('prunes published rows at most once a minute, with the keep time it was given, and never unpublished ones', async () => {
    const store = new FakeStore();
    const transport = new FakeTransport();
    [1, 2, 3].forEach((id) => store.add(id));
    const relay = new OutboxRelay('unit', store as unknown as OutboxStore, transport as unknown as EventTransport, { pollMs: 60_000, batchSize: 2, keepPublishedSeconds: 120 });
    await relay.publishOnce();
    [1, 2, 3].forEach((id) => store.publishedLongAgo.add(id));

    expect(await relay.pruneWhenDue(1_000_000)).toBe(2);
    expect(store.rows.map((row) => row.id)).toEqual([3]);
    store.rows[0]!.published = true;
    expect(await relay.pruneWhenDue(1_030_000)).toBe(0);
    expect(await relay.pruneWhenDue(1_060_000)).toBe(1);
    expect(store.prunedWith).toEqual([120, 120]);
  });
});
