import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { buildEnvelope, type DatabaseConnection, type Db, EventInbox, migrateService, OutboxWriter, type OutboxRelay, ProcessMetrics, UnitOfWork } from '@closetly/server';
import { type AdapterTestDatabase, capture, deadLetterRecorder, gate, openAdapterTestDatabase, pollUntil, transactionsWaitingForLocks } from '@closetly/testing';
import { eq, sql } from 'drizzle-orm';
import { RetentionClock } from '../src/clock';
import { outbox, retentionPlatformTables, trackedProducts } from '../src/db/schema';
import { RetentionConsumer } from '../src/retention.consumer';
import { RetentionRepository } from '../src/retention.repository';
import { RETENTION_MS, RetentionService } from '../src/retention.service';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');
const ADMIN = { uid: 'admin-1', sid: 's-1', roles: ['admin'] };
const DAY_MS = 86_400_000;

/**
 * The retention read model, sweep and at-risk list on the real engines
 * (PGlite and PostgreSQL), through the real inbox and outbox tables, and an
 * account's deletion; on PostgreSQL also two sweeps at once, a save racing
 * the sweep, and a save racing the deletion.
 */
describe.each(['embedded', 'distributed'] as const)('retention sweep (%s)', (mode) => {
  let connection: DatabaseConnection;
  let db: Db;
  let database: AdapterTestDatabase | undefined;
  let repository: RetentionRepository;
  const clock = new RetentionClock();
  const uow = () => new UnitOfWork(db, { kick: () => undefined } as unknown as OutboxRelay);
  const service = (batch = 500, writer = new OutboxWriter(retentionPlatformTables)) =>
    new RetentionService(repository, uow(), writer, clock, { RETENTION_SWEEP_BATCH: batch, RETENTION_TEST_CLOCK: false }, new ProcessMetrics());
  const consumer = () => new RetentionConsumer(new EventInbox('retention', db, retentionPlatformTables, deadLetterRecorder().transport), service());

  /** An event as it happened at `occurredAt` (the envelope's time, not arrival). */
  const saved = (productId: string, userId: string, occurredAt: Date) => ({
    ...buildEnvelope('wardrobe.item-saved.v1', productId, { userId, productId, savedAt: occurredAt.toISOString(), capturedAt: occurredAt.toISOString(), capture: capture() }),
    occurredAt: occurredAt.toISOString(),
  });
  const removed = (productId: string, userId: string, occurredAt: Date) => ({
    ...buildEnvelope('wardrobe.item-removed.v1', productId, { userId, productId, removedAt: occurredAt.toISOString() }),
    occurredAt: occurredAt.toISOString(),
  });
  const accountDeleted = (userId: string, occurredAt: Date) => ({ ...buildEnvelope('identity.account-deleted.v1', userId, { userId }), occurredAt: occurredAt.toISOString() });
  const expiredEvents = async (productIds: string[]) => {
    const rows = await db.select({ key: outbox.key }).from(outbox).where(eq(outbox.topic, 'retention.product-expired.v1'));
    return rows.map((row) => row.key).filter((key) => productIds.includes(key));
  };
  const tracked = async (productId: string) => (await db.select().from(trackedProducts).where(eq(trackedProducts.productId, productId)))[0];
  /** Products nobody has saved since `unsavedAt`, loaded in bulk. */
  const unsavedSince = async (count: number, unsavedAt: Date) => {
    const ids = Array.from({ length: count }, () => randomUUID());
    await repository.insertTracked(ids.map((productId) => ({ productId, lastActivityAt: unsavedAt, lastUnsavedAt: unsavedAt })));
    return ids;
  };
  // Each test uses its own instants far from the others', so a sweep only ever meets its own products.
  let base = Date.UTC(2020, 0, 1);
  const era = () => {
    base += 10 * RETENTION_MS;
    return new Date(base);
  };

  beforeAll(async () => {
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_retention', poolSize: 6 });
    ({ connection, db } = database);
    await migrateService(connection, db, 'retention', MIGRATIONS);
    repository = new RetentionRepository(db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('save, unsave, then 30 days pass: expired once, at 30 days + 1 s and not at 30 days − 1 s', async () => {
    const t0 = era();
    const id = randomUUID();
    await consumer().onItemsSaved([saved(id, 'ada', t0)]);
    await consumer().onItemsRemoved([removed(id, 'ada', new Date(t0.getTime() + 1000))]);
    const unsavedAt = t0.getTime() + 1000;

    await service().sweep(new Date(unsavedAt + RETENTION_MS - 1000));
    expect(await expiredEvents([id])).toEqual([]);
    await service().sweep(new Date(unsavedAt + RETENTION_MS + 1000));
    await service().sweep(new Date(unsavedAt + RETENTION_MS + 2000));
    expect(await expiredEvents([id])).toEqual([id]);
    expect((await tracked(id))?.expiredAt).toEqual(new Date(unsavedAt + RETENTION_MS + 1000));
  });

  it('save, unsave, save: kept; an unsave arriving after a newer save: kept; the same event twice: one effect', async () => {
    const t0 = era();
    const [again, late, twice] = [randomUUID(), randomUUID(), randomUUID()];
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    await consumer().onItemsSaved([saved(again, 'ada', at(0))]);
    await consumer().onItemsRemoved([removed(again, 'ada', at(1))]);
    await consumer().onItemsSaved([saved(again, 'ada', at(2))]);

    await consumer().onItemsSaved([saved(late, 'bob', at(5))]);
    await consumer().onItemsRemoved([removed(late, 'bob', at(3))]);

    await consumer().onItemsSaved([saved(twice, 'cy', at(0))]);
    const unsave = removed(twice, 'cy', at(10));
    await consumer().onItemsRemoved([unsave]);
    await consumer().onItemsSaved([saved(twice, 'cy', at(20))]);
    // The unsave delivered again after the newer save: the inbox drops it.
    await consumer().onItemsRemoved([unsave]);

    await service().sweep(at(RETENTION_MS / 1000 + 60));
    expect(await expiredEvents([again, late, twice])).toEqual([]);
    for (const id of [again, late, twice]) expect((await tracked(id))?.lastUnsavedAt).toBeNull();
  });

  it('a crash mid-batch loses only the batch in flight; the next sweep expires the rest, none twice', async () => {
    const t0 = era();
    const ids = await unsavedSince(7, t0);
    const real = new OutboxWriter(retentionPlatformTables);
    const failing = new OutboxWriter(retentionPlatformTables);
    let batches = 0;
    // The second batch dies after writing its events, before its transaction commits.
    failing.addMany = async (tx, topic, events) => {
      const written = await real.addMany(tx, topic, events);
      batches += 1;
      if (batches === 2) throw new Error('the process died here');
      return written;
    };
    const now = new Date(t0.getTime() + RETENTION_MS + 1000);

    await expect(service(3, failing).sweep(now)).rejects.toThrow('the process died here');
    expect(await expiredEvents(ids)).toHaveLength(3);

    await expect(service(3).sweep(now)).resolves.toBe(4);
    const events = await expiredEvents(ids);
    expect(events.sort()).toEqual([...ids].sort());
  });

  it('lists at-risk products with whole days left, the most urgent first', async () => {
    const t0 = era();
    const [soon, later] = [randomUUID(), randomUUID()];
    await repository.insertTracked([
      { productId: later, lastActivityAt: t0, lastUnsavedAt: new Date(t0.getTime() + 10 * 86_400_000) },
      { productId: soon, lastActivityAt: t0, lastUnsavedAt: t0 },
    ]);
    clock.setOffset(t0.getTime() + 25.5 * 86_400_000 - Date.now());
    try {
      const items = (await service().atRiskItems(ADMIN)).filter((item) => item.itemId === soon || item.itemId === later);
      expect(items.map(({ itemId, daysUntilDeletion }) => ({ itemId, daysUntilDeletion }))).toEqual([
        { itemId: soon, daysUntilDeletion: 5 },
        { itemId: later, daysUntilDeletion: 15 },
      ]);
    } finally {
      clock.setOffset(0);
    }
  });

  describe('account deletion (identity.account-deleted.v1)', () => {
    /** The at-risk list as an administrator sees it at `now`, for these products only. */
    const atRiskAt = async (now: Date, productIds: string[]) => {
      clock.setOffset(now.getTime() - Date.now());
      try {
        return (await service().atRiskItems(ADMIN)).filter((item) => productIds.includes(item.itemId)).map(({ itemId, daysUntilDeletion }) => ({ itemId, daysUntilDeletion }));
      } finally {
        clock.setOffset(0);
      }
    };

    it('A and B save P, A alone saves Q: deleting A keeps P saved, puts Q on the clock (at risk, expired after 30 days), and leaves B’s row', async () => {
      const t0 = era();
      const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
      const [a, b] = [randomUUID(), randomUUID()];
      const [p, q, letGo] = [randomUUID(), randomUUID(), randomUUID()];
      await consumer().onItemsSaved([saved(p, a, at(0))]);
      await consumer().onItemsSaved([saved(p, b, at(1))]);
      await consumer().onItemsSaved([saved(q, a, at(2))]);
      // A let this one go earlier: its clock already runs from then.
      await consumer().onItemsSaved([saved(letGo, a, at(3))]);
      await consumer().onItemsRemoved([removed(letGo, a, at(4))]);
      await expect(service().dataHeld(ADMIN, a)).resolves.toEqual({ product_saves: 3 });

      const deletedAt = at(100);
      const deletion = accountDeleted(a, deletedAt);
      await consumer().onAccountDeleted(deletion);
      await consumer().onAccountDeleted(deletion);

      await expect(service().dataHeld(ADMIN, a)).resolves.toEqual({ product_saves: 0 });
      await expect(service().dataHeld(ADMIN, b)).resolves.toEqual({ product_saves: 1 });
      expect(await tracked(p)).toMatchObject({ lastUnsavedAt: null, expiredAt: null });
      expect(await tracked(q)).toMatchObject({ lastUnsavedAt: deletedAt, expiredAt: null });
      expect((await tracked(letGo))?.lastUnsavedAt).toEqual(at(4));
      expect(await atRiskAt(new Date(deletedAt.getTime() + DAY_MS / 2), [p, q, letGo])).toEqual([
        { itemId: letGo, daysUntilDeletion: 30 },
        { itemId: q, daysUntilDeletion: 30 },
      ]);

      await service().sweep(new Date(deletedAt.getTime() + RETENTION_MS - 1000));
      expect(await expiredEvents([p, q])).toEqual([]);
      await service().sweep(new Date(deletedAt.getTime() + RETENTION_MS + 1000));
      expect(await expiredEvents([p, q])).toEqual([q]);
    });

    it('a save or an unsave of A published before the deletion and delivered after it changes nothing', async () => {
      const t0 = era();
      const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
      const a = randomUUID();
      const [kept, late] = [randomUUID(), randomUUID()];
      await consumer().onItemsSaved([saved(kept, a, at(0))]);
      await consumer().onAccountDeleted(accountDeleted(a, at(10)));

      await consumer().onItemsSaved([saved(late, a, at(5))]);
      await consumer().onItemsRemoved([removed(kept, a, at(6))]);

      await expect(service().dataHeld(ADMIN, a)).resolves.toEqual({ product_saves: 0 });
      expect(await tracked(late)).toBeUndefined();
      expect((await tracked(kept))?.lastUnsavedAt).toEqual(at(10));
    });
  });

  it('a batch of saves and unsaves through the consumer, in a few statements: the same read model as the events one at a time', async () => {
    const t0 = era();
    const later = (ms: number) => new Date(t0.getTime() + ms);
    const [ada, bob] = [randomUUID(), randomUUID()];
    const run = async (batched: boolean) => {
      const [kept, dropped] = [randomUUID(), randomUUID()];
      const saves = [saved(kept, ada, later(0)), saved(dropped, ada, later(0)), saved(kept, bob, later(1000)), saved(dropped, ada, later(3000))];
      const removals = [removed(dropped, ada, later(3000)), removed(kept, ada, later(2000)), removed(dropped, bob, later(500))];
      if (batched) {
        await consumer().onItemsSaved(saves);
        await consumer().onItemsRemoved(removals);
      } else {
        for (const event of saves) await consumer().onItemsSaved([event]);
        for (const event of removals) await consumer().onItemsRemoved([event]);
      }
      return { kept: await tracked(kept), dropped: await tracked(dropped) };
    };
    const [oneByOne, batch] = [await run(false), await run(true)];
    const withoutId = ({ productId: _id, ...row }: { productId: string } & Record<string, unknown>) => row;
    // A save wins its tie with the unsave at 3000: both still saved by someone.
    expect(withoutId(batch.kept!)).toEqual({ lastActivityAt: later(2000), lastUnsavedAt: null, expiredAt: null });
    expect(withoutId(batch.dropped!)).toEqual(withoutId(oneByOne.dropped!));
    expect(withoutId(batch.kept!)).toEqual(withoutId(oneByOne.kept!));
    expect(batch.dropped).toMatchObject({ lastActivityAt: later(3000), lastUnsavedAt: null });
  });

  if (mode === 'distributed') {
    it('two sweeps at once expire each product once', async () => {
      const t0 = era();
      const now = new Date(t0.getTime() + RETENTION_MS + 1000);
      // Earlier tests' leftovers first, so the two sweeps below meet only these products.
      await service().sweep(now);
      const ids = await unsavedSince(300, t0);
      const [first, second] = await Promise.all([service(25).sweep(now), service(25).sweep(now)]);
      expect(first + second).toBe(300);
      const events = await expiredEvents(ids);
      expect(events).toHaveLength(300);
      expect(new Set(events).size).toBe(300);
    });

    it('a save holding the product while the sweep runs keeps it; a save waiting on the sweep brings it back', async () => {
      const t0 = era();
      const [held, waited] = await unsavedSince(2, t0);
      const now = new Date(t0.getTime() + RETENTION_MS + 1000);
      const savedAt = new Date(now.getTime() - 1000);

      // The save's transaction has the row locked: the sweep skips it, and the save commits an active save.
      const release = gate();
      let locked: () => void = () => undefined;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const saving = db.transaction(async (tx) => {
        await service().itemSaved(held as string, 'ada', savedAt, tx as unknown as Db);
        locked();
        await release.opened;
      });
      await isLocked;
      await service().sweep(now);
      release.open();
      await saving;
      expect(await expiredEvents([held as string])).toEqual([]);
      expect(await tracked(held as string)).toMatchObject({ lastUnsavedAt: null, expiredAt: null });

      // The sweep has the row locked: the save waits, then finds it expired and brings it back (the catalogue keeps a product saved since).
      const sweepHolds = gate();
      let sweepLocked: () => void = () => undefined;
      const sweepHasLock = new Promise<void>((resolve) => {
        sweepLocked = resolve;
      });
      const sweeping = db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from retention.tracked_products where product_id = ${waited} for update`);
        await tx.update(trackedProducts).set({ expiredAt: now }).where(eq(trackedProducts.productId, waited as string));
        sweepLocked();
        await sweepHolds.opened;
      });
      await sweepHasLock;
      const waiting = db.transaction((tx) => service().itemSaved(waited as string, 'bob', savedAt, tx as unknown as Db));
      sweepHolds.open();
      await Promise.all([sweeping, waiting]);
      expect(await tracked(waited as string)).toMatchObject({ lastUnsavedAt: null, expiredAt: null });
    });

    it('a save of A being applied while the deletion arrives: the deletion waits for it, then erases it and starts the clock', async () => {
      const t0 = era();
      const a = randomUUID();
      const product = randomUUID();
      const [applied, release] = [gate(), gate()];
      const saveInFlight = db.transaction(async (tx) => {
        await service().itemSaved(product, a, t0, tx as unknown as Db);
        applied.open();
        await release.opened;
      });
      await applied.opened;
      const deletedAt = new Date(t0.getTime() + 1000);
      const deletion = consumer().onAccountDeleted(accountDeleted(a, deletedAt));
      try {
        await pollUntil(() => transactionsWaitingForLocks(db), (waiting) => waiting > 0, { timeoutMs: 5000, what: 'the deletion to wait for the save' });
      } finally {
        release.open();
      }
      await Promise.all([saveInFlight, deletion]);

      await expect(service().dataHeld(ADMIN, a)).resolves.toEqual({ product_saves: 0 });
      expect((await tracked(product))?.lastUnsavedAt).toEqual(deletedAt);
    });
  }
});
