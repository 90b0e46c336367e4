import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Capture, Caller } from '@closetly/contracts';
import { productIdFor } from '@closetly/catalogue-rules';
import { buildEnvelope, type DatabaseConnection, type Db, EventInbox, migrateService, OutboxWriter, type OutboxRelay, UnitOfWork } from '@closetly/server';
import { type AdapterTestDatabase, capture, deadLetterRecorder, gate, mockOf, openAdapterTestDatabase, pollUntil, transactionsWaitingForLocks } from '@closetly/testing';
import { eq } from 'drizzle-orm';
import { AccountDataRepository } from '../src/account-data/account-data.repository';
import { AccountDataService } from '../src/account-data/account-data.service';
import { CatalogueConsumer } from '../src/catalogue.consumer';
import { cataloguePlatformTables, outbox, priceObservations, products, provedAccounts, shownPrices } from '../src/db/schema';
import { ListsCache } from '../src/lists/lists-cache';
import { ListsRepository } from '../src/lists/lists.repository';
import { ListsService } from '../src/lists/lists.service';
import { ProductsRepository } from '../src/products/products.repository';
import { ProductsService } from '../src/products/products.service';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');

/**
 * Trust on the real engines (PGlite and PostgreSQL), through the real inbox:
 * only proved accounts count toward what others see, the retailer's page
 * decides when it was read, and disagreements are kept for the administrator.
 */
describe.each(['embedded', 'distributed'] as const)('trust in the catalogue (%s)', (mode) => {
  let connection: DatabaseConnection;
  let db: Db;
  let database: AdapterTestDatabase | undefined;
  let consumer: CatalogueConsumer;
  let productsService: ProductsService;
  let repository: ProductsRepository;
  let accountData: AccountDataService;

  beforeAll(async () => {
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_catalogue_trust' });
    ({ connection, db } = database);
    await migrateService(connection, db, 'catalogue', MIGRATIONS);
    const uow = new UnitOfWork(db, { kick: () => undefined } as unknown as OutboxRelay);
    const cache = mockOf(ListsCache);
    repository = new ProductsRepository(db);
    productsService = new ProductsService(repository, uow, new OutboxWriter(cataloguePlatformTables), cache);
    const lists = new ListsService(new ListsRepository(db), cache);
    accountData = new AccountDataService(new AccountDataRepository(db));
    consumer = new CatalogueConsumer(new EventInbox('catalogue', db, cataloguePlatformTables, deadLetterRecorder().transport), productsService, lists, accountData);
  });
  afterAll(async () => {
    await database?.close();
  });

  const stranger: Caller = { uid: randomUUID(), sid: randomUUID(), roles: [] };
  const retailerUrl = () => `https://www.zara.com/us/en/coat-p${randomUUID().slice(0, 8)}.html`;
  const save = async (userId: string, saved: Capture) => {
    const productId = productIdFor(saved.productKey);
    const now = new Date().toISOString();
    await consumer.onItemsSaved([buildEnvelope('wardrobe.item-saved.v1', productId, { userId, productId, savedAt: now, capturedAt: now, capture: saved })]);
    return productId;
  };
  const prove = (userId: string) => consumer.onEmailConfirmed(buildEnvelope('identity.email-confirmed.v1', userId, { userId, how: 'link' }));
  const row = async (id: string) => (await db.select().from(products).where(eq(products.id, id)))[0];

  it('keeps a lone unproved saver\'s product to them, and lists it once they prove their address (once, however often the event comes)', async () => {
    const saver = randomUUID();
    const id = await save(saver, capture({ sourceUrl: retailerUrl(), brand: 'Zara', name: 'Wool Coat' }));
    expect(await row(id)).toMatchObject({ listed: false });
    await expect(productsService.get(id, stranger)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await prove(saver);
    await prove(saver);
    expect(await row(id)).toMatchObject({ listed: true });
    expect(await db.select().from(provedAccounts).where(eq(provedAccounts.userId, saver))).toHaveLength(1);
  });

  it('lets no number of unproved accounts change a product a proved saver saved', async () => {
    const honest = randomUUID();
    await prove(honest);
    const sourceUrl = retailerUrl();
    const id = await save(honest, capture({ sourceUrl, brand: 'Zara', name: 'Wool Coat', price: 129 }));
    for (let k = 0; k < 3; k++) await save(randomUUID(), capture({ sourceUrl, brand: 'Zara', name: 'TAMPERED', price: 1 }));
    expect(await row(id)).toMatchObject({ name: 'Wool Coat', price: 129, listed: true, contested: [] });
  });

  it('contests a product two proved savers disagree on, showing the first, and takes the newest page read over both', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    await prove(first);
    await prove(second);
    const sourceUrl = retailerUrl();
    const id = await save(first, capture({ sourceUrl, brand: 'Zara', name: 'Wool Coat' }));
    await save(second, capture({ sourceUrl, brand: 'Zara', name: 'TAMPERED' }));
    expect(await row(id)).toMatchObject({ name: 'Wool Coat', contested: ['name-brand'], verified: false });
    expect((await repository.listContested()).map((each) => each.id)).toContain(id);

    const read = (name: string, fetchedAt: string) =>
      consumer.onPageObserved(
        buildEnvelope('pages.product-observed.v1', id, { productId: id, url: sourceUrl, fetchedAt, outcome: 'product', page: { sourceUrl, name, brand: 'Zara', price: 119, currency: 'USD', imageUrl: null, description: null } }),
      );
    await read('Wool Blend Coat', '2026-03-02T00:00:00.000Z');
    await read('An Older Read', '2026-03-01T00:00:00.000Z');
    expect(await row(id)).toMatchObject({ name: 'Wool Blend Coat', price: 119, verified: true, listed: true });
    expect((await row(id))?.contested).toEqual(['name-brand', 'page']);
  });

  it('keeps a page read\'s price as a verified observation of nobody, each change of the shown price, the drop badge, and one price-changed event per change', async () => {
    const saver = randomUUID();
    await prove(saver);
    const sourceUrl = retailerUrl();
    const savedAt = new Date(Date.now() - 4 * 24 * 3_600_000).toISOString();
    const id = productIdFor(capture({ sourceUrl }).productKey);
    await consumer.onItemsSaved([buildEnvelope('wardrobe.item-saved.v1', id, { userId: saver, productId: id, savedAt, capturedAt: savedAt, capture: capture({ sourceUrl, brand: 'Zara', name: 'Wool Coat', price: 100, currency: 'USD' }) })]);
    const read = (price: number, hoursAgo: number) =>
      consumer.onPageObserved(
        buildEnvelope('pages.product-observed.v1', id, {
          productId: id,
          url: sourceUrl,
          fetchedAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
          outcome: 'product',
          page: { sourceUrl, name: 'Wool Coat', brand: 'Zara', price, currency: 'USD', imageUrl: null, description: null },
        }),
      );
    await read(100, 30);
    await read(90, 20);
    await read(90, 10);
    await read(70, 5);

    expect(await row(id)).toMatchObject({ price: 70, available: true, priceDrop: { percent: 30, from: 100 } });
    const observed = await db.select().from(priceObservations).where(eq(priceObservations.productId, id)).orderBy(priceObservations.id);
    expect(observed.map((each) => [each.source, each.userId === null, each.amount])).toEqual([['capture', false, 100], ['page', true, 100], ['page', true, 90], ['page', true, 90], ['page', true, 70]]);
    expect((await db.select().from(shownPrices).where(eq(shownPrices.productId, id)).orderBy(shownPrices.id)).map((each) => each.amount)).toEqual([100, 90, 70]);
    const changes = (await db.select().from(outbox).where(eq(outbox.key, id)).orderBy(outbox.id)).filter((each) => each.topic === 'catalogue.price-changed.v1');
    expect(changes.map((each) => (each.envelope as { payload: { old: number; new: number } }).payload).map(({ old, new: next }) => [old, next])).toEqual([[100, 90], [90, 70]]);

    await consumer.onPageObserved(buildEnvelope('pages.product-observed.v1', id, { productId: id, url: sourceUrl, fetchedAt: new Date().toISOString(), outcome: 'gone', status: 404 }));
    expect(await row(id)).toMatchObject({ available: false, price: 70 });
    await expect(productsService.get(id, stranger)).resolves.toMatchObject({ available: false });
  });

  it('applies a batch of saves, a saver saving one product twice and a duplicate delivery among them, as the same saves one at a time', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    await prove(first);
    await prove(second);
    const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 10, minutes)).toISOString();
    /** The same story on two products (two shops' addresses): first saves, second agrees, first saves again with a new price. */
    const story = (sourceUrl: string) => {
      const productId = productIdFor(capture({ sourceUrl }).productKey);
      const event = (userId: string, minutes: number, price: number) =>
        buildEnvelope('wardrobe.item-saved.v1', productId, { userId, productId, savedAt: at(minutes), capturedAt: at(minutes), capture: capture({ sourceUrl, brand: 'Zara', name: 'Wool Coat', price }) });
      return { productId, events: [event(first, 0, 129), event(second, 1, 125), event(first, 2, 99)] };
    };
    const oneByOne = story(retailerUrl());
    for (const event of oneByOne.events) await consumer.onItemsSaved([event]);
    const batched = story(retailerUrl());
    await consumer.onItemsSaved([...batched.events, batched.events[1]]);

    const shown = async (id: string) => {
      const { name, brand, price, listed, verified, contested, gender, category } = (await row(id)) ?? {};
      const savers = await repository.listCaptures(id);
      return { name, brand, price, listed, verified, contested, gender, category, savers: savers.map(({ capture: saved, firstSavedAt, capturedAt }) => ({ price: saved.price, firstSavedAt, capturedAt })) };
    };
    expect(await shown(batched.productId)).toEqual(await shown(oneByOne.productId));
    // Two savers: the lower middle of their latest prices (robustPrice); the first saver keeps their first save date.
    expect(await shown(batched.productId)).toMatchObject({ price: 99, listed: true, savers: [{ price: 99, firstSavedAt: new Date(at(0)), capturedAt: new Date(at(2)) }, { price: 125 }] });
  });

  if (mode === 'distributed') {
    it('a save of an unproved account being applied while its proof arrives: the proof waits for it, then lists the product', async () => {
      const saver = randomUUID();
      const saved = capture({ sourceUrl: retailerUrl(), brand: 'Zara', name: 'Wool Coat' });
      const productId = productIdFor(saved.productKey);
      const now = new Date().toISOString();
      const [applied, release] = [gate(), gate()];
      // The save consumer's batch, held open before it commits (as CatalogueConsumer.onItemsSaved applies it).
      const saveInFlight = db.transaction(async (tx) => {
        const event = { payload: { userId: saver, productId, savedAt: now, capturedAt: now, capture: saved } };
        expect(await accountData.erasedAmong([saver], tx as unknown as Db)).toEqual(new Set());
        await productsService.recordCaptures([event], tx as unknown as Db);
        applied.open();
        await release.opened;
      });
      await applied.opened;
      const proof = prove(saver);
      try {
        // Under the shared lock alone the proof would run now, not see the uncommitted capture, and the product would stay unlisted for good.
        await pollUntil(() => transactionsWaitingForLocks(db), (waiting) => waiting > 0, { timeoutMs: 5000, what: 'the proof to wait for the save' });
      } finally {
        release.open();
      }
      await Promise.all([saveInFlight, proof]);
      expect(await row(productId)).toMatchObject({ listed: true });
    });
  }
});
