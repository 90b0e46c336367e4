import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Capture, Caller } from '@closetly/contracts';
import { productIdFor } from '@closetly/catalogue-rules';
import { buildEnvelope, type DatabaseConnection, type Db, EventInbox, migrateService, OutboxWriter, type OutboxRelay, UnitOfWork } from '@closetly/server';
import { type AdapterTestDatabase, allExportPages, capture, deadLetterRecorder, gate, mockOf, openAdapterTestDatabase, pollUntil, transactionsWaitingForLocks } from '@closetly/testing';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AccountDataRepository } from '../src/account-data/account-data.repository';
import { AccountDataService } from '../src/account-data/account-data.service';
import { CatalogueConsumer } from '../src/catalogue.consumer';
import { cataloguePlatformTables, genderFeedback, outbox, priceObservations, products } from '../src/db/schema';
import { ListsCache } from '../src/lists/lists-cache';
import { ListsRepository } from '../src/lists/lists.repository';
import { ListsService } from '../src/lists/lists.service';
import { PRODUCT_LOCK_SLOTS, ProductsRepository } from '../src/products/products.repository';
import { ProductsService } from '../src/products/products.service';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');
const ADMIN: Caller = { uid: 'admin-1', sid: 's-1', roles: ['admin'] };
const NOTHING_HELD = { captures: 0, active_saves: 0, price_observations: 0, gender_feedback: 0 };
const UPSERTED = 'catalogue.product-upserted.v1';

/**
 * identity.account-deleted.v1 in the catalogue, and each user's export, on
 * PGlite and PostgreSQL through the real inbox and outbox tables: the user's
 * rows go, the products they captured are derived again from the savers
 * left, and their events arriving late store nothing.
 */
describe.each(['embedded', 'distributed'] as const)('account erasure in the catalogue (%s)', (mode) => {
  let connection: DatabaseConnection;
  let db: Db;
  let database: AdapterTestDatabase | undefined;
  let consumer: CatalogueConsumer;
  let productsService: ProductsService;
  let listsService: ListsService;
  let accountData: AccountDataService;

  beforeAll(async () => {
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_catalogue_erasure' });
    ({ connection, db } = database);
    await migrateService(connection, db, 'catalogue', MIGRATIONS);
    const uow = new UnitOfWork(db, { kick: () => undefined } as unknown as OutboxRelay);
    const cache = mockOf(ListsCache);
    productsService = new ProductsService(new ProductsRepository(db), uow, new OutboxWriter(cataloguePlatformTables), cache);
    listsService = new ListsService(new ListsRepository(db), cache);
    accountData = new AccountDataService(new AccountDataRepository(db));
    consumer = new CatalogueConsumer(new EventInbox('catalogue', db, cataloguePlatformTables, deadLetterRecorder().transport), productsService, listsService, accountData);
  });
  afterAll(async () => {
    await database?.close();
  });

  const shopper = (): Caller => ({ uid: randomUUID(), sid: randomUUID(), roles: [] });
  /** A capture of its own product (not from a supported retailer, so two savers agreeing list it). */
  const newCapture = (overrides: Partial<Capture> = {}) => capture({ sourceUrl: `https://boutique.example/p/${randomUUID()}`, ...overrides });
  const itemSaved = (userId: string, saved: Capture) => {
    const productId = productIdFor(saved.productKey);
    const now = new Date().toISOString();
    return buildEnvelope('wardrobe.item-saved.v1', productId, { userId, productId, savedAt: now, capturedAt: now, capture: saved });
  };
  /** Only proved savers count toward what others see: these shoppers have confirmed their e-mail. */
  const prove = (userId: string) => consumer.onEmailConfirmed(buildEnvelope('identity.email-confirmed.v1', userId, { userId, how: 'link' }));
  const save = async (userId: string, saved: Capture) => {
    await prove(userId);
    await consumer.onItemsSaved([itemSaved(userId, saved)]);
    return productIdFor(saved.productKey);
  };
  const accountDeleted = (userId: string) => buildEnvelope('identity.account-deleted.v1', userId, { userId });
  const product = async (id: string) => (await db.select().from(products).where(eq(products.id, id)))[0];
  const upserts = async (id: string) => db.select().from(outbox).where(and(eq(outbox.topic, UPSERTED), eq(outbox.key, id)));

  it('erases A’s rows everywhere and leaves B’s; the product both saved is derived again from B’s capture alone and announced', async () => {
    const [a, b] = [shopper(), shopper()];
    const agreed = newCapture({ name: 'Wool Coat', brand: 'Arket', price: 120, priceText: '$120.00' });
    const shared = await save(a.uid, agreed);
    await save(b.uid, { ...agreed, price: 100, priceText: '$100.00' });
    const onlyA = await save(a.uid, newCapture({ name: 'Linen Shirt' }));
    await productsService.recordFeedback(shared, a, 'Women', 'client-key');
    await productsService.recordFeedback(shared, b, 'Women', 'client-key');
    expect(await product(shared)).toMatchObject({ listed: true, price: 120 });
    const onlyABefore = await product(onlyA);
    const onlyAUpserts = (await upserts(onlyA)).length;

    await expect(accountData.dataHeld(ADMIN, a.uid)).resolves.toEqual({ captures: 2, active_saves: 2, price_observations: 2, gender_feedback: 1 });
    await consumer.onAccountDeleted(accountDeleted(a.uid));

    await expect(accountData.dataHeld(ADMIN, a.uid)).resolves.toEqual(NOTHING_HELD);
    await expect(accountData.dataHeld(ADMIN, b.uid)).resolves.toEqual({ captures: 1, active_saves: 1, price_observations: 1, gender_feedback: 1 });
    // Two savers agreeing listed it; with one left it is no longer listed, and its price is B's.
    expect(await product(shared)).toMatchObject({ listed: false, price: 100 });
    expect((await upserts(shared)).at(-1)?.envelope).toMatchObject({ payload: { product: { id: shared, listed: false, price: 100 } } });
    // Nobody else captured it: it keeps what it showed, and nothing is announced.
    expect(await product(onlyA)).toEqual(onlyABefore);
    expect(await upserts(onlyA)).toHaveLength(onlyAUpserts);
    // A's vote stays, without A.
    const votes = await db.select().from(genderFeedback).where(eq(genderFeedback.productId, shared));
    expect(votes.map((vote) => vote.userId).sort()).toEqual([b.uid, null].sort());
  });

  it('erases once however often the event comes; a save or removal of A published before the deletion and delivered after it stores nothing', async () => {
    const a = shopper();
    const saved = newCapture();
    const lateSave = itemSaved(a.uid, saved);
    const deletion = accountDeleted(a.uid);
    await save(a.uid, newCapture());

    await consumer.onAccountDeleted(deletion);
    await consumer.onAccountDeleted(deletion);
    await consumer.onItemsSaved([lateSave]);
    await consumer.onItemsRemoved([buildEnvelope('wardrobe.item-removed.v1', lateSave.payload.productId, { userId: a.uid, productId: lateSave.payload.productId, removedAt: new Date().toISOString() })]);

    await expect(accountData.dataHeld(ADMIN, a.uid)).resolves.toEqual(NOTHING_HELD);
    expect(await product(productIdFor(saved.productKey))).toBeUndefined();
  });

  it('exports the caller’s price observations and votes in pages that cover exactly their rows', async () => {
    const [c, other] = [shopper(), shopper()];
    const coat = newCapture({ name: 'Rain Coat' });
    const coatId = productIdFor(coat.productKey);
    for (let price = 1; price <= 7; price += 1) {
      await save(c.uid, { ...coat, price, priceText: `$${price}` });
      if (price % 3 === 0) await save(other.uid, { ...coat, price: 99 });
    }
    // Five votes, three of them in one instant (their order: by id).
    await db.insert(genderFeedback).values([
      { productId: coatId, userId: c.uid, gender: 'Men', createdAt: sql`now() - interval '1 day'` },
      ...['Women', 'Unisex', 'Men'].map((gender) => ({ productId: coatId, userId: c.uid, gender, createdAt: sql`date_trunc('second', now()) + interval '123456 microseconds'` })),
      { productId: coatId, userId: c.uid, gender: 'Women', createdAt: sql`now() + interval '1 day'` },
      { productId: coatId, userId: other.uid, gender: 'Women' },
    ]);

    const observationPages = (await allExportPages((after) => accountData.exportPriceObservations(c, after, 3))).map((page) => page.items);
    expect(observationPages.map((items) => items.length)).toEqual([3, 3, 1]);
    expect(observationPages.flat().map((item) => item.amount)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    const feedbackPages = (await allExportPages((after) => accountData.exportItemFeedback(c, after, 2))).map((page) => page.items);
    const mine = await db.select().from(genderFeedback).where(eq(genderFeedback.userId, c.uid)).orderBy(genderFeedback.createdAt, genderFeedback.id);
    expect(feedbackPages.map((items) => items.length)).toEqual([2, 2, 1]);
    expect(feedbackPages.flat()).toEqual(mine.map((row) => ({ productId: coatId, gender: row.gender, createdAt: row.createdAt.toISOString() })));

    await expect(accountData.exportPriceObservations(c, 'not-a-cursor', 3)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(accountData.exportItemFeedback(c, '1|not-a-uuid', 3)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('exports and erases a shopper\'s extension reads with their captures, and keeps the page\'s reads, which are nobody\'s', async () => {
    const a = shopper();
    const saved = newCapture({ name: 'Trench Coat', brand: 'Arket', price: 150 });
    const id = await save(a.uid, saved);
    await expect(productsService.recordShopperObservation(a, id, '$140.00')).resolves.toEqual({ recorded: true });
    await consumer.onPageObserved(
      buildEnvelope('pages.product-observed.v1', id, { productId: id, url: saved.sourceUrl, fetchedAt: new Date().toISOString(), outcome: 'product', page: { sourceUrl: saved.sourceUrl, name: 'Trench Coat', brand: 'Arket', price: 130, currency: 'USD', imageUrl: null, description: null } }),
    );
    const exported = await allExportPages((after) => accountData.exportPriceObservations(a, after, 10));
    expect(exported.flatMap((page) => page.items).map((item) => [item.amount, item.source])).toEqual([[150, 'capture'], [140, 'shopper']]);

    await consumer.onAccountDeleted(accountDeleted(a.uid));
    const left = await db.select().from(priceObservations).where(eq(priceObservations.productId, id));
    expect(left.map((row) => [row.source, row.userId, row.amount])).toEqual([['page', null, 130]]);
    expect(await accountData.dataHeld(ADMIN, a.uid)).toEqual(NOTHING_HELD);
  });

  it('lets products with no saver left keep their votes anonymous, and nobody’s votes are lost', async () => {
    const a = shopper();
    const id = await save(a.uid, newCapture());
    await productsService.recordFeedback(id, a, 'Men', 'client-key');
    await consumer.onAccountDeleted(accountDeleted(a.uid));
    expect(await db.select({ gender: genderFeedback.gender }).from(genderFeedback).where(and(eq(genderFeedback.productId, id), isNull(genderFeedback.userId)))).toEqual([{ gender: 'Men' }]);
  });

  it(`locks twenty thousand products in one transaction with at most ${PRODUCT_LOCK_SLOTS} locks (one per product would overflow the lock table)`, async () => {
    const ids = Array.from({ length: 20_000 }, () => randomUUID());
    const held = await db.transaction(async (tx) => {
      await new ProductsRepository(db).lockProducts(ids, tx as unknown as Db);
      const result = (await tx.execute(sql`select count(*)::int as held from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`)) as unknown as { rows: Array<{ held: number }> };
      return result.rows[0]?.held ?? 0;
    });
    expect(held).toBeGreaterThan(PRODUCT_LOCK_SLOTS / 2);
    expect(held).toBeLessThanOrEqual(PRODUCT_LOCK_SLOTS);
  });

  if (mode === 'distributed') {
    it('a save of A being applied while the deletion arrives: the deletion waits for it, then erases it too', async () => {
      const [a, b] = [shopper(), shopper()];
      const agreed = newCapture();
      const id = await save(b.uid, agreed);
      await prove(a.uid);
      const [applied, release] = [gate(), gate()];
      // The save consumer's effect, held open before it commits.
      const saveInFlight = db.transaction(async (tx) => {
        const event = itemSaved(a.uid, agreed).payload;
        if (!(await accountData.isErased(a.uid, tx as unknown as Db))) {
          await productsService.recordCaptures([{ payload: event }], tx as unknown as Db);
          await listsService.recordSaves([event], tx as unknown as Db);
        }
        applied.open();
        await release.opened;
      });
      await applied.opened;
      expect((await product(id))?.listed).toBe(false);
      const deletion = consumer.onAccountDeleted(accountDeleted(a.uid));
      try {
        await pollUntil(() => transactionsWaitingForLocks(db), (waiting) => waiting > 0, { timeoutMs: 5000, what: 'the deletion to wait for the save' });
      } finally {
        release.open();
      }
      await Promise.all([saveInFlight, deletion]);

      await expect(accountData.dataHeld(ADMIN, a.uid)).resolves.toEqual(NOTHING_HELD);
      // A's capture had listed it for a moment; derived again from B's alone, it is unlisted.
      expect((await product(id))?.listed).toBe(false);
      expect((await upserts(id)).map((row) => (row.envelope as { payload: { product: { listed: boolean } } }).payload.product.listed)).toEqual([false, true, false]);
    });
  }
});
