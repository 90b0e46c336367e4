import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { buildEnvelope, type DatabaseConnection, type Db, EventInbox, migrateService, OutboxWriter, type OutboxRelay, UnitOfWork } from '@closetly/server';
import { type AdapterTestDatabase, capture, deadLetterRecorder, mockOf, openAdapterTestDatabase } from '@closetly/testing';
import { and, eq } from 'drizzle-orm';
import { activeSaves, captures, cataloguePlatformTables, genderFeedback, outbox, priceObservations, products } from '../src/db/schema';
import { ListsCache } from '../src/lists/lists-cache';
import { ListsRepository } from '../src/lists/lists.repository';
import { ProductsRepository } from '../src/products/products.repository';
import { ProductsService } from '../src/products/products.service';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');

/** retention.product-expired.v1 in the catalogue, on PGlite and PostgreSQL: delete what only the product owns, once, unless someone saves it now. */
describe.each(['embedded', 'distributed'] as const)('product expiry (%s)', (mode) => {
  let connection: DatabaseConnection;
  let db: Db;
  let database: AdapterTestDatabase | undefined;
  let lists: ListsRepository;
  let inbox: EventInbox;
  let service: ProductsService;

  beforeAll(async () => {
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_catalogue_expiry' });
    ({ connection, db } = database);
    await migrateService(connection, db, 'catalogue', MIGRATIONS);
    lists = new ListsRepository(db);
    inbox = new EventInbox('catalogue', db, cataloguePlatformTables, deadLetterRecorder().transport);
    const uow = new UnitOfWork(db, { kick: () => undefined } as unknown as OutboxRelay);
    service = new ProductsService(new ProductsRepository(db), uow, new OutboxWriter(cataloguePlatformTables), mockOf(ListsCache));
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A product one shopper saved on `savedAt` (capture, price, feedback), and removed on `removedAt` if given. */
  const productSaved = async (savedAt: Date, removedAt?: Date) => {
    const id = randomUUID();
    await db.insert(products).values({ id, productKey: `url:https://shop.example/${id}`, name: 'Coat', brand: 'Arket', listed: true });
    await db.insert(captures).values({ productId: id, userId: 'ada', capture: capture(), firstSavedAt: savedAt, capturedAt: savedAt });
    await db.insert(priceObservations).values({ productId: id, userId: 'ada', amount: 80, observedAt: savedAt });
    await db.insert(genderFeedback).values({ productId: id, userId: 'bob', gender: 'Women' });
    await db.transaction(async (tx) => {
      await lists.recordSaves([{ productId: id, userId: 'ada', savedAt }], tx as unknown as Db);
      if (removedAt) await lists.recordRemovals([{ productId: id, userId: 'ada', removedAt }], tx as unknown as Db);
    });
    return id;
  };
  const expired = (productId: string) => buildEnvelope('retention.product-expired.v1', productId, { productId, lastUnsavedAt: new Date().toISOString() });
  const consume = (message: unknown) => inbox.consume('retention.product-expired.v1', message, async ({ productId }, tx) => {
    await service.expire(productId, tx);
  });
  const removals = async (productId: string) => (await db.select().from(outbox).where(and(eq(outbox.topic, 'catalogue.product-removed.v1'), eq(outbox.key, productId)))).length;
  const rowsOf = async (productId: string) => ({
    products: (await db.select().from(products).where(eq(products.id, productId))).length,
    captures: (await db.select().from(captures).where(eq(captures.productId, productId))).length,
    observations: (await db.select().from(priceObservations).where(eq(priceObservations.productId, productId))).length,
    saves: (await db.select().from(activeSaves).where(eq(activeSaves.productId, productId))).length,
    feedback: (await db.select().from(genderFeedback).where(eq(genderFeedback.productId, productId))).length,
  });

  it('deletes a product nobody saves and everything only it owns, and announces it once however often the event comes', async () => {
    const id = await productSaved(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-02T00:00:00Z'));
    const message = expired(id);
    await expect(consume(message)).resolves.toBe('processed');
    await expect(consume(message)).resolves.toBe('duplicate');
    // A second expiry of the same product (another event id) finds nothing left.
    await consume(expired(id));
    expect(await rowsOf(id)).toEqual({ products: 0, captures: 0, observations: 0, saves: 0, feedback: 0 });
    expect(await removals(id)).toBe(1);
  });

  it('keeps a product saved since, and announces nothing', async () => {
    const id = await productSaved(new Date('2026-01-03T00:00:00Z'), new Date('2026-01-02T00:00:00Z'));
    await consume(expired(id));
    expect(await rowsOf(id)).toEqual({ products: 1, captures: 1, observations: 1, saves: 1, feedback: 1 });
    expect(await removals(id)).toBe(0);
  });
});
