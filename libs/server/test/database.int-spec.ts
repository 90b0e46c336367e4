import { join } from 'node:path';
import { type AdapterTestDatabase, openAdapterTestDatabase } from '@closetly/testing';
import { sql } from 'drizzle-orm';
import { doublePrecision, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { randomUUID } from 'node:crypto';
import { buildEnvelope, type DatabaseConnection, type Db, EventInbox, type EventTransport, isEngineOutage, migrateService, OutboxStore, OutboxWriter, pingDatabase, updateRows } from '../src';
import { probePlatformTables } from './support/probe/schema';

const MIGRATIONS = join(__dirname, 'support', 'probe', 'migrations');

/** One contract for the database adapter: real PostgreSQL and embedded PGlite. */
describe.each(['embedded', 'distributed'] as const)('database contract (%s)', (mode) => {
  let connection: DatabaseConnection;
  let db: Db;
  let database: AdapterTestDatabase | undefined;
  let store: OutboxStore;
  const writer = new OutboxWriter(probePlatformTables);

  beforeAll(async () => {
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_db' });
    ({ connection, db } = database);
    await migrateService(connection, db, 'probe', MIGRATIONS);
    store = new OutboxStore(db, probePlatformTables, 'outbox:probe');
  });
  afterAll(async () => {
    await database?.close();
  });

  const addEvents = (count: number) =>
    db.transaction(async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) ids.push((await writer.add(tx as unknown as Db, 'platform.probe-recorded.v1', 'same-key', { probeId: `p${i}`, from: 'db-test' })).id);
      return ids;
    });

  const clear = () => db.execute(sql`update probe.outbox set published_at = now(), claimed_until = null where published_at is null`);

  it('answers a ping', async () => {
    expect(await pingDatabase(db)).toBe(true);
  });

  it('applies migrations once: a second run changes nothing', async () => {
    await migrateService(connection, db, 'probe', MIGRATIONS);
    const applied = await db.execute<{ n: number }>(sql`select count(*)::int as n from probe.__migrations`);
    const rows = (applied as unknown as { rows: Array<{ n: number }> }).rows;
    expect(rows[0]?.n).toBe(1);
  });

  it('keeps an event only if its transaction commits', async () => {
    await clear();
    await expect(
      db.transaction(async (tx) => {
        await writer.add(tx as unknown as Db, 'platform.probe-recorded.v1', 'k', { probeId: 'rolled-back', from: 'db-test' });
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');
    expect(await store.pendingCount()).toBe(0);
  });

  it('claims pending events oldest first, in batches', async () => {
    await clear();
    const ids = await addEvents(3);
    const first = await store.claimBatch(2);
    expect(first.map((row) => row.envelope.id)).toEqual(ids.slice(0, 2));
    await store.markPublished(first.map((row) => row.id));
    const second = await store.claimBatch(10);
    expect(second.map((row) => row.envelope.id)).toEqual(ids.slice(2));
    await store.markPublished(second.map((row) => row.id));
    expect(await store.pendingCount()).toBe(0);
  });

  it('reports its backlog: pending events and the age of the oldest (0 when none), for the metrics', async () => {
    await clear();
    expect(await store.backlog()).toEqual({ pending: 0, oldestAgeSeconds: 0 });
    await addEvents(2);
    await db.execute(sql`update probe.outbox set created_at = now() - interval '90 seconds' where published_at is null and id = (select min(id) from probe.outbox where published_at is null)`);
    const backlog = await store.backlog();
    expect(backlog.pending).toBe(2);
    expect(backlog.oldestAgeSeconds).toBeGreaterThanOrEqual(90);
    expect(backlog.oldestAgeSeconds).toBeLessThan(120);
    await clear();
  });

  it('lets only one relay publish at a time: a live lease blocks other claims', async () => {
    await clear();
    await addEvents(2);
    const [a, b] = await Promise.all([store.claimBatch(1), store.claimBatch(1)]);
    expect([a.length, b.length].sort()).toEqual([0, 1]);
    const held = a.length > 0 ? a : b;
    expect(await store.claimBatch(10)).toEqual([]);
    await store.markPublished(held.map((row) => row.id));
    expect((await store.claimBatch(10)).length).toBe(1);
  });

  it('returns released rows to the queue with their error and attempt count', async () => {
    await clear();
    const [id] = await addEvents(1);
    const claimed = await store.claimBatch(10);
    await store.release(claimed.map((row) => row.id), 'broker down');
    const row = await store.findByEventId(id ?? '');
    expect(row).toMatchObject({ lastError: 'broker down', attempts: 1, publishedAt: null, claimedUntil: null });
    expect((await store.claimBatch(10)).map((r) => r.envelope.id)).toEqual([id]);
  });

  it('takes over a crashed relay’s rows once its lease expires', async () => {
    await clear();
    const [id] = await addEvents(1);
    await store.claimBatch(10);
    await db.execute(sql`update probe.outbox set claimed_until = now() - interval '1 second' where event_id = ${id}`);
    expect((await store.claimBatch(10)).map((r) => r.envelope.id)).toEqual([id]);
  });

  it('stores the envelope as plain JSON, as consumers will read it', async () => {
    await clear();
    const envelope = buildEnvelope('platform.probe-recorded.v1', 'k', { probeId: 'json', from: 'db-test' });
    await db.insert(probePlatformTables.outbox).values({ eventId: envelope.id, topic: envelope.type, key: 'k', envelope });
    expect((await store.findByEventId(envelope.id))?.envelope).toEqual(envelope);
  });

  it('prunes only rows published longer ago than the keep time', async () => {
    await clear();
    const [old, recent] = [...(await addEvents(1)), ...(await addEvents(1))];
    const [pending] = await addEvents(1);
    await db.execute(sql`update probe.outbox set published_at = now() - interval '2 hours' where event_id = ${old}`);
    await db.execute(sql`update probe.outbox set published_at = now() - interval '10 minutes' where event_id = ${recent}`);

    expect(await store.prunePublished(3600)).toBeGreaterThanOrEqual(1);
    expect(await store.findByEventId(old!)).toBeUndefined();
    expect(await store.findByEventId(recent!)).toBeDefined();
    expect(await store.findByEventId(pending!)).toBeDefined();
  });

  it('forgets only its own inbox ids processed longer ago than the keep time, in bounded batches', async () => {
    const inbox = new EventInbox('pruned', db, probePlatformTables, {} as EventTransport);
    const row = (consumer: string, age: string) => ({ eventId: randomUUID(), consumer, topic: 'platform.probe-recorded.v1', age });
    const rows = [row('pruned', '3 days'), row('pruned', '3 days'), row('pruned', '3 days'), row('pruned', '1 hour'), row('other', '3 days')];
    for (const { eventId, consumer, topic, age } of rows) {
      await db.execute(sql`insert into probe.inbox (event_id, consumer, topic, processed_at) values (${eventId}, ${consumer}, ${topic}, now() - ${age}::interval)`);
    }
    expect(await inbox.pruneProcessed(2 * 24 * 3600, 2)).toBe(3);
    const left = await db.select({ eventId: probePlatformTables.inbox.eventId }).from(probePlatformTables.inbox);
    const leftIds = new Set(left.map((r) => r.eventId));
    expect(rows.map((r) => leftIds.has(r.eventId))).toEqual([false, false, false, true, true]);
  });

  it('updates many rows in one statement, each from its own values: dates, nulls, numbers and text with quotes; other rows and columns left out keep theirs', async () => {
    const table = pgTable('update_rows_probe', {
      id: uuid('id').primaryKey(),
      label: text('label').notNull(),
      count: integer('count').notNull(),
      score: doublePrecision('score'),
      seenAt: timestamp('seen_at', { withTimezone: true }),
      untouched: text('untouched').notNull(),
    });
    await db.execute(sql`create table update_rows_probe (id uuid primary key, label text not null, count integer not null, score double precision, seen_at timestamptz, untouched text not null)`);
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const before = new Date('2026-01-01T00:00:00.000Z');
    await db.insert(table).values([a, b, c].map((id) => ({ id, label: 'before', count: 1, score: 1.5, seenAt: before, untouched: `kept ${id}` })));

    const later = new Date('2026-02-03T04:05:06.789Z');
    const statements = jest.spyOn(db, 'execute');
    await updateRows(db, table, 'id', [
      { id: a, label: `it's "quoted"`, count: 7, score: null, seenAt: later },
      { id: c, label: 'third', count: -2, score: 0.25, seenAt: null },
    ]);
    await updateRows(db, table, 'id', []);
    expect(statements).toHaveBeenCalledTimes(1);
    statements.mockRestore();

    const rows = await db.select().from(table).orderBy(table.label);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(a)).toEqual({ id: a, label: `it's "quoted"`, count: 7, score: null, seenAt: later, untouched: `kept ${a}` });
    expect(byId.get(b)).toEqual({ id: b, label: 'before', count: 1, score: 1.5, seenAt: before, untouched: `kept ${b}` });
    expect(byId.get(c)).toEqual({ id: c, label: 'third', count: -2, score: 0.25, seenAt: null, untouched: `kept ${c}` });
    await expect(updateRows(db, table, 'id', [{ label: 'no key' }])).rejects.toThrow('every row names the key id');
  });
});

/**
 * PostgreSQL ending a connection in the middle of a transaction (a restart, a failover): the call
 * in flight fails as an outage, the process does not crash on the client's error event, and the
 * next query works on a fresh connection.
 */
describe('database connection lost mid-transaction (distributed)', () => {
  let database: AdapterTestDatabase | undefined;

  beforeAll(async () => {
    database = await openAdapterTestDatabase('distributed', { prefix: 'closetly_db_outage' });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('fails the transaction as an engine outage, and the pool recovers by itself', async () => {
    const db = database!.db;
    const crashes: unknown[] = [];
    const onUncaught = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const outcome = await db
        .transaction(async (tx) => {
          const own = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
          const pid = (own as unknown as { rows: Array<{ pid: number }> }).rows[0]?.pid;
          // Another connection ends this one, as a server restart would.
          await db.execute(sql`select pg_terminate_backend(${pid})`);
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isEngineOutage(outcome)).toBe(true);
      // Give the client's 'error' event a turn to fire.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(crashes).toEqual([]);
      expect(await pingDatabase(db)).toBe(true);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

});

