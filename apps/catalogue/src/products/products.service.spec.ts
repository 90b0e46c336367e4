import type { Caller, Capture, WardrobeItemSaved } from '@closetly/contracts';
import { canonicalSourceUrl, productIdFor } from '@closetly/catalogue-rules';
import { capture, fakeUnitOfWork, mockOf, recordingOutbox } from '@closetly/testing';
import type { priceObservations } from '../db/schema';
import { ListsCache } from '../lists/lists-cache';
import type { PageRead } from './product-derivation';
import { type NewProduct, type ProductRow, ProductsRepository } from './products.repository';
import { ProductsService, toProduct } from './products.service';

/** Observations older than this were once left out of the price; they count now, so a lone newcomer cannot set it. */
const PRICE_WINDOW_DAYS = 30;

type ObservationRow = typeof priceObservations.$inferSelect;
interface CaptureRow {
  productId: string;
  userId: string;
  capture: Capture;
  firstSavedAt: Date;
  capturedAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND = { code: 'NOT_FOUND', message: 'Item not found' };
const FORBIDDEN = { code: 'FORBIDDEN', message: 'Unauthorized access.' };
const UPSERTED = 'catalogue.product-upserted.v1';
/** Signed-out voters' clients, as the gateway keys them. */
const CLIENT = 'client-key-1';
const OTHER_CLIENT = 'client-key-2';

/** ProductsRepository over maps and arrays, with the queries' semantics (latest capture per saver, latest observation per saver since a date). */
function inMemoryProducts() {
  const products = new Map<string, ProductRow>();
  const captures = new Map<string, CaptureRow>();
  const observations: ObservationRow[] = [];
  const feedback: Array<{ productId: string; userId: string | null; voter: string | null; gender: string }> = [];
  const capturesOf = (productId: string) =>
    [...captures.values()].filter((row) => row.productId === productId).sort((a, b) => a.firstSavedAt.getTime() - b.firstSavedAt.getTime() || a.userId.localeCompare(b.userId));
  const copy = (row: ProductRow | undefined) => row && { ...row };

  const repository = mockOf(ProductsRepository);
  repository.lockProduct.mockResolvedValue(undefined);
  repository.upsertCaptures.mockImplementation(async (rows) => {
    for (const { productId, userId, capture, firstSavedAt, capturedAt } of rows) {
      const key = `${productId}/${userId}`;
      const stored = captures.get(key);
      const newer = !stored || capturedAt >= stored.capturedAt;
      captures.set(key, {
        productId,
        userId,
        capture: newer ? capture : stored.capture,
        capturedAt: newer ? capturedAt : stored.capturedAt,
        firstSavedAt: stored && stored.firstSavedAt < firstSavedAt ? stored.firstSavedAt : firstSavedAt,
      });
    }
  });
  repository.addObservations.mockImplementation(async (rows) => {
    for (const observation of rows) observations.push({ ...observation, id: observations.length + 1, userId: observation.userId ?? null, source: observation.source ?? 'capture', currency: observation.currency ?? null, priceText: observation.priceText ?? null });
  });
  const saversOf = (productId: string) => capturesOf(productId).map(({ userId, capture, firstSavedAt, capturedAt }) => ({ userId, capture, firstSavedAt, capturedAt }));
  repository.capturesOf.mockImplementation(async (ids) => new Map(ids.filter((id) => capturesOf(id).length > 0).map((id) => [id, saversOf(id)])));
  repository.listCaptures.mockImplementation(async (productId) => saversOf(productId));
  // Every saver has proved their e-mail unless a test says otherwise: the rules of agreement are about proved savers.
  const unproved = new Set<string>();
  const pages = new Map<string, PageRead>();
  repository.provedAmong.mockImplementation(async (userIds) => new Set(userIds.filter((userId) => !unproved.has(userId))));
  repository.markProved.mockImplementation(async (userId) => unproved.delete(userId));
  repository.pageRead.mockImplementation(async (productId) => pages.get(productId) ?? null);
  repository.pageReadsOf.mockImplementation(async (ids) => new Map(ids.flatMap((id) => { const page = pages.get(id); return page ? [[id, page] as const] : []; })));
  repository.listContested.mockImplementation(async () => [...products.values()].filter((row) => (row.contested as unknown[]).length > 0));
  repository.savePageRead.mockImplementation(async (productId, read) => {
    const kept = pages.get(productId);
    if (kept && kept.fetchedAt >= read.fetchedAt) return false;
    pages.set(productId, read);
    return true;
  });
  repository.hasCapture.mockImplementation(async (productId, userId) => captures.has(`${productId}/${userId}`));
  const latestObservations = (productId: string, since: Date | null) => {
    const latest = new Map<string, ObservationRow & { userId: string }>();
    for (const row of observations) {
      // A page read is nobody's vote.
      if (row.userId === null || row.productId !== productId || (since && row.observedAt < since)) continue;
      const kept = latest.get(row.userId);
      if (!kept || row.observedAt >= kept.observedAt) latest.set(row.userId, { ...row, userId: row.userId });
    }
    return [...latest.values()].sort((a, b) => a.userId.localeCompare(b.userId)).map(({ userId, amount, currency, priceText }) => ({ userId, amount, currency, priceText }));
  };
  repository.latestObservations.mockImplementation(async (productId, since) => latestObservations(productId, since));
  repository.latestObservationsOf.mockImplementation(async (ids) => new Map(ids.map((id) => [id, latestObservations(id, null)])));
  repository.findById.mockImplementation(async (id) => copy(products.get(id)));
  repository.findByIds.mockImplementation(async (ids) => new Map(ids.flatMap((id) => { const row = products.get(id); return row ? [[id, { ...row }] as const] : []; })));
  const upsert = (product: NewProduct & { id: string }) => {
    const existing = products.get(product.id);
    const row: ProductRow = {
      ...defaultProductRow(product.id, product.productKey),
      ...existing,
      ...product,
      createdAt: existing?.createdAt ?? new Date(),
      updatedAt: new Date(),
    };
    products.set(row.id, row);
    return { ...row };
  };
  repository.upsertMany.mockImplementation(async (rows) => new Map(rows.map((product) => [product.id, upsert(product)])));
  repository.listMissingGender.mockImplementation(async () =>
    [...products.values()].filter((row) => row.genderSource === 'default').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()),
  );
  // One row a voter and product, as the unique index keeps it: a later vote replaces the earlier.
  repository.addFeedback.mockImplementation(async (productId, userId, voter, gender) => {
    const earlier = feedback.findIndex((row) => row.productId === productId && row.voter === voter);
    if (earlier >= 0) feedback.splice(earlier, 1);
    feedback.push({ productId, userId, voter, gender });
  });
  // Shown prices: each product's changes, answered from the window's start on (the one showing then included).
  const shownPrices: Array<{ productId: string; amount: number | null; currency: string | null; since: Date }> = [];
  repository.addShownPrices.mockImplementation(async (rows) => {
    for (const row of rows) shownPrices.push({ productId: row.productId, amount: row.amount ?? null, currency: row.currency ?? null, since: row.since });
  });
  repository.shownPricesOf.mockImplementation(async (ids, windowStart) => {
    const byProduct = new Map<string, Array<{ amount: number | null; currency: string | null; since: Date }>>();
    for (const id of ids) {
      const of = shownPrices.filter((row) => row.productId === id);
      const atStart = of.filter((row) => row.since <= windowStart).at(-1);
      const kept = [...(atStart ? [atStart] : []), ...of.filter((row) => row.since > windowStart)].map(({ amount, currency, since }) => ({ amount, currency, since }));
      if (kept.length > 0) byProduct.set(id, kept);
    }
    return byProduct;
  });
  // Who saves what now: every saver whose capture is kept, unless a test removed their save.
  const removedSaves = new Set<string>();
  repository.isActiveSaver.mockImplementation(async (productId, userId) => captures.has(`${productId}/${userId}`) && !removedSaves.has(`${productId}/${userId}`));
  repository.priceHistory.mockImplementation(async (productId, since) =>
    observations.filter((row) => row.productId === productId && row.observedAt >= since).sort((a, b) => a.observedAt.getTime() - b.observedAt.getTime() || a.id - b.id),
  );
  repository.latestObservationBy.mockImplementation(async (productId, userId) =>
    observations.filter((row) => row.productId === productId && row.userId === userId).sort((a, b) => b.observedAt.getTime() - a.observedAt.getTime() || b.id - a.id)[0],
  );
  repository.lockProducts.mockResolvedValue(undefined);
  repository.productIdsCapturedBy.mockImplementation(async (userId) => [...new Set([...captures.values()].filter((row) => row.userId === userId).map((row) => row.productId))].sort());
  repository.stillCaptured.mockImplementation(async (ids) => ids.filter((id) => capturesOf(id).length > 0).sort());
  repository.eraseUser.mockImplementation(async (userId) => {
    for (const [key, row] of captures) if (row.userId === userId) captures.delete(key);
    observations.splice(0, observations.length, ...observations.filter((row) => row.userId !== userId));
    for (const row of feedback) if (row.userId === userId) Object.assign(row, { userId: null, voter: null });
  });
  return { repository, products, captures, observations, feedback, unproved, pages, shownPrices, removedSaves };
}

/** A products row as the table's defaults make it. */
function defaultProductRow(id: string, productKey: string, overrides: Partial<ProductRow> = {}): ProductRow {
  return {
    id,
    productKey,
    name: 'Old Product',
    brand: 'Old Brand',
    price: null,
    currency: null,
    priceText: null,
    imageUrl: null,
    description: '',
    sourceUrl: '#',
    retailer: null,
    gender: 'Unisex',
    genderSource: 'default',
    category: 'home',
    colour: null,
    listed: false,
    hidden: false,
    corrections: {},
    verified: false,
    contested: [],
    contestSettledAt: null,
    available: true,
    priceDrop: null,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...overrides,
  };
}

const caller = (uid: string, roles: string[] = []): Caller => ({ uid, sid: `session-of-${uid}`, roles });
const ADMIN = caller('admin-1', ['admin']);
const SHOPPER = caller('shopper-1');
const STRANGER = caller('stranger-1');

/** The event the wardrobe publishes when `userId` saves `saved`; dates are days before now. */
function itemSaved(userId: string, saved: Capture, { savedDaysAgo = 0, capturedDaysAgo = savedDaysAgo }: { savedDaysAgo?: number; capturedDaysAgo?: number } = {}): WardrobeItemSaved {
  return {
    userId,
    productId: productIdFor(saved.productKey),
    savedAt: new Date(Date.now() - savedDaysAgo * DAY_MS).toISOString(),
    capturedAt: new Date(Date.now() - capturedDaysAgo * DAY_MS).toISOString(),
    capture: saved,
  };
}

/** A capture from ASOS: a supported retailer, so one save lists it. */
const asosCapture = (overrides: Partial<Capture> = {}) => capture({ sourceUrl: 'https://www.asos.com/p/cable-knit-123', ...overrides });

function setup() {
  const store = inMemoryProducts();
  const { uow, tx } = fakeUnitOfWork();
  const events = recordingOutbox();
  const lists = mockOf(ListsCache);
  const service = new ProductsService(store.repository, uow, events.outbox, lists);
  /** Records a save as the consumer would, and answers the product's id. */
  const record = async (event: WardrobeItemSaved) => {
    await service.recordCaptures([{ payload: event }], tx);
    return event.productId;
  };
  return { ...store, ...events, service, tx, record, lists };
}

describe('ProductsService', () => {
  describe('recordCaptures', () => {
    it('keeps the capture and a price observation, then publishes the derived product once, all in the given transaction', async () => {
      const { service, repository, observations, payloads, recorded, tx } = setup();
      const event = itemSaved(SHOPPER.uid, capture({ name: 'Wool Coat', brand: 'Arket', price: 250, currency: 'USD', priceText: '$250.00' }), { savedDaysAgo: 3, capturedDaysAgo: 1 });
      await service.recordCaptures([{ payload: event }], tx);

      expect(repository.lockProducts).toHaveBeenCalledWith([event.productId], tx);
      expect(repository.upsertCaptures).toHaveBeenCalledWith([{ productId: event.productId, userId: SHOPPER.uid, capture: event.capture, firstSavedAt: new Date(event.savedAt), capturedAt: new Date(event.capturedAt) }], tx);
      expect(observations).toEqual([expect.objectContaining({ productId: event.productId, userId: SHOPPER.uid, amount: 250, currency: 'USD', priceText: '$250.00', observedAt: new Date(event.capturedAt) })]);
      expect(payloads(UPSERTED)).toEqual([
        { product: expect.objectContaining({ id: event.productId, name: 'Wool Coat', brand: 'Arket', price: 250, category: 'outerwear', listed: false, hidden: false }) },
      ]);
      expect(recorded[0]?.tx).toBe(tx);
      expect(recorded[0]?.envelope.key).toBe(event.productId);
    });

    it('answers the lists a save moved: a listed product’s popular lists, and its own lists when it changed; none while unlisted', async () => {
      const { service, tx, payloads } = setup();
      // One saver from an unknown shop: derived (and published), but listed nowhere.
      expect(await service.recordCaptures([{ payload: itemSaved(SHOPPER.uid, capture({ brand: 'Arket' }), { savedDaysAgo: 2 }) }], tx)).toEqual([]);
      const category = payloads(UPSERTED)[0]?.product.category;
      expect(category).toEqual(expect.any(String));
      // A second saver agreeing lists it: it enters its category's and its brand's lists, and the popular ones.
      expect(new Set(await service.recordCaptures([{ payload: itemSaved(STRANGER.uid, capture({ brand: 'Arket' }), { savedDaysAgo: 1 }) }], tx))).toEqual(
        new Set(['popular:all', `category:${category}`, 'brand:arket']),
      );
      // A third saver changes nothing about the product: only the popular lists move.
      expect(await service.recordCaptures([{ payload: itemSaved('third-saver', capture({ brand: 'Arket' })) }], tx)).toEqual(['popular:all']);
    });

    it('takes a batch set-based: every product locked at once, each derived and published once, carrying its latest save’s correlation id', async () => {
      const { service, repository, payloads, recorded, captures, observations, tx } = setup();
      const coat = asosCapture({ name: 'Wool Coat', brand: 'Arket', price: 250 });
      const scarf = capture({ name: 'Silk Scarf', brand: 'Arket', sourceUrl: 'https://www.asos.com/p/silk-scarf-9', price: 40 });
      const saves = [
        { payload: itemSaved(SHOPPER.uid, coat, { savedDaysAgo: 2 }), correlationId: 'first-coat-save' },
        { payload: itemSaved(SHOPPER.uid, scarf, { savedDaysAgo: 1 }), correlationId: 'scarf-save' },
        { payload: itemSaved(STRANGER.uid, coat), correlationId: 'second-coat-save' },
      ];
      await service.recordCaptures(saves, tx);

      expect(repository.lockProducts).toHaveBeenCalledTimes(1);
      expect(new Set(repository.lockProducts.mock.calls[0]?.[0])).toEqual(new Set([productIdFor(coat.productKey), productIdFor(scarf.productKey)]));
      expect(repository.upsertCaptures).toHaveBeenCalledTimes(1);
      expect(repository.upsertMany).toHaveBeenCalledTimes(1);
      expect(captures.size).toBe(3);
      expect(observations.map((row) => row.amount).sort()).toEqual([250, 250, 40].sort());
      expect(payloads(UPSERTED).map(({ product }) => product.name).sort()).toEqual(['Silk Scarf', 'Wool Coat']);
      const coatEvent = recorded.find(({ envelope }) => envelope.key === productIdFor(coat.productKey));
      expect(coatEvent?.envelope.correlationId).toBe('second-coat-save');
    });

    it('derives a batch exactly as the same saves one at a time', async () => {
      const saves = [
        itemSaved(SHOPPER.uid, capture({ name: 'Wool Coat', brand: 'Arket', price: 250 }), { savedDaysAgo: 3 }),
        itemSaved(STRANGER.uid, capture({ name: 'Wool Coat', brand: 'Arket', price: 230 }), { savedDaysAgo: 2 }),
        itemSaved('third-saver', capture({ name: 'Wool Coat Long', brand: 'Arket', price: 240 }), { savedDaysAgo: 1 }),
        itemSaved(SHOPPER.uid, capture({ name: 'Wool Coat', brand: 'Arket', price: 199 })),
      ];
      const oneByOne = setup();
      for (const save of saves) await oneByOne.record(save);
      const batched = setup();
      await batched.service.recordCaptures(saves.map((payload) => ({ payload })), batched.tx);
      // A price that showed only between two saves of one batch never showed: the badge it would earn one save at a time is not compared.
      const shown = ({ updatedAt: _updatedAt, createdAt: _createdAt, priceDrop: _priceDrop, ...row }: ProductRow) => row;
      expect([...batched.products.values()].map(shown)).toEqual([...oneByOne.products.values()].map(shown));
      expect([...batched.captures.values()]).toEqual([...oneByOne.captures.values()]);
    });

    it('records no observation for a capture without a price', async () => {
      const { record, observations, payloads } = setup();
      await record(itemSaved(SHOPPER.uid, capture({ price: null, currency: null, priceText: null })));

      expect(observations).toEqual([]);
      expect(payloads(UPSERTED)[0]?.product).toMatchObject({ price: null, currency: null, priceText: null });
    });

    it('publishes nothing when the product derived again is the same', async () => {
      const { record, payloads } = setup();
      await record(itemSaved(SHOPPER.uid, asosCapture(), { savedDaysAgo: 1 }));
      await record(itemSaved(SHOPPER.uid, asosCapture(), { savedDaysAgo: 1 }));
      await record(itemSaved(STRANGER.uid, asosCapture()));

      expect(payloads(UPSERTED)).toHaveLength(1);
    });

    it('publishes the colour savers stated, and the product again when the agreed colour changes', async () => {
      const { record, payloads } = setup();
      await record(itemSaved(SHOPPER.uid, asosCapture({ colour: 'Navy' }), { savedDaysAgo: 2 }));
      await record(itemSaved(STRANGER.uid, asosCapture({ colour: null }), { savedDaysAgo: 1 }));
      await record(itemSaved('third-saver', asosCapture({ colour: 'Ecru' })));
      await record(itemSaved('fourth-saver', asosCapture({ colour: 'Ecru' })));

      expect(payloads(UPSERTED).map(({ product }) => product.colour)).toEqual(['Navy', 'Ecru']);
    });

    it('publishes the product again when a second saver agreeing lists it', async () => {
      const { record, payloads } = setup();
      await record(itemSaved(SHOPPER.uid, capture(), { savedDaysAgo: 1 }));
      await record(itemSaved(STRANGER.uid, capture()));

      expect(payloads(UPSERTED).map(({ product }) => product.listed)).toEqual([false, true]);
    });

    it(`does not let a lone new saver set the price when the others observed it over ${PRICE_WINDOW_DAYS} days ago`, async () => {
      const { record, payloads } = setup();
      await record(itemSaved(SHOPPER.uid, capture({ price: 100, priceText: '$100' }), { savedDaysAgo: PRICE_WINDOW_DAYS + 10 }));
      await record(itemSaved(STRANGER.uid, capture({ price: 1, priceText: '$1' }), { savedDaysAgo: 2 }));

      // Each saver's latest observation counts once, however old: two savers keep the first saver's $100.
      expect(payloads(UPSERTED).at(-1)?.product.price).toBe(100);
    });

    it('falls back to older observations when nobody observed a price recently', async () => {
      const { record, payloads } = setup();
      await record(itemSaved(SHOPPER.uid, capture({ price: 100, priceText: '$100' }), { savedDaysAgo: PRICE_WINDOW_DAYS + 10 }));

      expect(payloads(UPSERTED).at(-1)?.product.price).toBe(100);
    });
  });

  describe('get', () => {
    it('shows a listed, visible product to anyone, signed in or not', async () => {
      const { service, record } = setup();
      const id = await record(itemSaved(SHOPPER.uid, asosCapture()));

      await expect(service.get(id, null)).resolves.toMatchObject({ id, listed: true, hidden: false });
      await expect(service.get(id, STRANGER)).resolves.toMatchObject({ id });
    });

    it('shows an unlisted product only to its savers and administrators', async () => {
      const { service, record } = setup();
      const id = await record(itemSaved(SHOPPER.uid, capture()));

      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ id, listed: false });
      await expect(service.get(id, ADMIN)).resolves.toMatchObject({ id });
      await expect(service.get(id, STRANGER)).rejects.toMatchObject(NOT_FOUND);
      await expect(service.get(id, null)).rejects.toMatchObject(NOT_FOUND);
    });

    it('shows a hidden product only to its savers and administrators', async () => {
      const { service, record } = setup();
      const id = await record(itemSaved(SHOPPER.uid, asosCapture()));
      await service.setHidden(ADMIN, id, true);

      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ id, hidden: true });
      await expect(service.get(id, ADMIN)).resolves.toMatchObject({ id });
      await expect(service.get(id, STRANGER)).rejects.toMatchObject(NOT_FOUND);
      await expect(service.get(id, null)).rejects.toMatchObject(NOT_FOUND);
    });

    it('answers NOT_FOUND for an unknown product, even to an administrator', async () => {
      const { service } = setup();
      await expect(service.get(productIdFor('url:https://nowhere.example/p'), ADMIN)).rejects.toMatchObject(NOT_FOUND);
    });
  });

  describe('toProduct', () => {
    it('sends a row derived before links were cleaned with safe links only: https for a supported retailer, no credentials', () => {
      const key = 'url:http://user:secret@www.asos.com/p/1';
      const row = defaultProductRow(productIdFor(key), key, { sourceUrl: 'http://user:secret@www.asos.com/p/1', imageUrl: 'https://user:secret@images.example/1.jpg' });
      expect(toProduct(row)).toMatchObject({ sourceUrl: 'https://www.asos.com/p/1', imageUrl: 'https://images.example/1.jpg' });
    });

    it.each(['javascript:alert(1)', 'data:text/html,x', 'http://images.example:443/1.jpg'])('sends no link for a stored %p', (url) => {
      const row = defaultProductRow(productIdFor('name:x'), 'name:x', { sourceUrl: url, imageUrl: url });
      expect(toProduct(row)).toMatchObject({ sourceUrl: '#', imageUrl: null });
    });
  });

  describe('recordFeedback', () => {
    it('keeps a vote on a product the caller may see, with who voted (nobody when signed out)', async () => {
      const { service, record, feedback } = setup();
      const id = await record(itemSaved(SHOPPER.uid, asosCapture()));
      await service.recordFeedback(id, STRANGER, 'Women', CLIENT);
      await service.recordFeedback(id, null, 'Men', CLIENT);

      expect(feedback).toEqual([
        { productId: id, userId: STRANGER.uid, voter: `user:${STRANGER.uid}`, gender: 'Women' },
        { productId: id, userId: null, voter: `client:${CLIENT}`, gender: 'Men' },
      ]);
    });

    // Issue 22: 400 anonymous votes in a row were 400 votes.
    it('counts one vote a product per user, from any client, and per client when signed out; a later vote replaces the earlier', async () => {
      const { service, record, feedback } = setup();
      const id = await record(itemSaved(SHOPPER.uid, asosCapture()));
      const other = await record(itemSaved(SHOPPER.uid, asosCapture({ sourceUrl: 'https://www.asos.com/p/other' })));

      for (let i = 0; i < 5; i += 1) await service.recordFeedback(id, null, 'Men', CLIENT);
      await service.recordFeedback(id, null, 'Women', CLIENT);
      await service.recordFeedback(id, null, 'Men', OTHER_CLIENT);
      await service.recordFeedback(id, STRANGER, 'Men', CLIENT);
      await service.recordFeedback(id, STRANGER, 'Unisex', OTHER_CLIENT);
      await service.recordFeedback(other, STRANGER, 'Men', CLIENT);

      expect(feedback.filter((row) => row.productId === id).map(({ voter, gender }) => [voter, gender]).sort()).toEqual(
        [
          [`client:${CLIENT}`, 'Women'],
          [`client:${OTHER_CLIENT}`, 'Men'],
          [`user:${STRANGER.uid}`, 'Unisex'],
        ].sort(),
      );
      expect(feedback.filter((row) => row.productId === other)).toHaveLength(1);
    });

    it('refuses a vote on an unlisted or hidden product from someone who did not save it, and on an unknown one', async () => {
      const { service, record, feedback } = setup();
      const unlisted = await record(itemSaved(SHOPPER.uid, capture()));
      const hidden = await record(itemSaved(SHOPPER.uid, asosCapture()));
      await service.setHidden(ADMIN, hidden, true);

      await expect(service.recordFeedback(unlisted, STRANGER, 'Women', CLIENT)).rejects.toMatchObject(NOT_FOUND);
      await expect(service.recordFeedback(hidden, null, 'Women', CLIENT)).rejects.toMatchObject(NOT_FOUND);
      await expect(service.recordFeedback(productIdFor('url:https://nowhere.example/p'), SHOPPER, 'Women', CLIENT)).rejects.toMatchObject(NOT_FOUND);
      expect(feedback).toEqual([]);
    });

    it('takes a vote from a saver or an administrator on an unlisted product', async () => {
      const { service, record, feedback } = setup();
      const id = await record(itemSaved(SHOPPER.uid, capture()));
      await service.recordFeedback(id, SHOPPER, 'Men', CLIENT);
      await service.recordFeedback(id, ADMIN, 'Men', CLIENT);

      expect(feedback.map(({ userId }) => userId)).toEqual([SHOPPER.uid, ADMIN.uid]);
    });
  });

  describe('administrator calls', () => {
    const someId = productIdFor('url:https://boutique.example/p/cable-knit');
    it.each([
      ['listMissingGender', (service: ProductsService, who: Caller) => service.listMissingGender(who)],
      ['productsByIds', (service: ProductsService, who: Caller) => service.productsByIds(who, [someId])],
      ['setGender', (service: ProductsService, who: Caller) => service.setGender(who, someId, 'Women')],
      ['setHidden', (service: ProductsService, who: Caller) => service.setHidden(who, someId, true)],
      ['correct', (service: ProductsService, who: Caller) => service.correct(who, someId, { name: 'Renamed' })],
    ])('%s refuses anyone who is not an administrator, changing nothing', async (_name, call) => {
      const { service, record, repository, products, payloads } = setup();
      await record(itemSaved(SHOPPER.uid, capture()));
      const before = structuredClone(products.get(someId));
      repository.upsertMany.mockClear();

      await expect(call(service, SHOPPER)).rejects.toMatchObject(FORBIDDEN);
      expect(repository.upsertMany).not.toHaveBeenCalled();
      expect(products.get(someId)).toEqual(before);
      expect(payloads(UPSERTED)).toHaveLength(1);
    });

    it.each([
      ['setGender', (service: ProductsService, id: string) => service.setGender(ADMIN, id, 'Women')],
      ['setHidden', (service: ProductsService, id: string) => service.setHidden(ADMIN, id, true)],
      ['correct', (service: ProductsService, id: string) => service.correct(ADMIN, id, { name: 'Renamed' })],
    ])('%s answers NOT_FOUND for an unknown product', async (_name, call) => {
      const { service, payloads } = setup();
      await expect(call(service, productIdFor('url:https://nowhere.example/p'))).rejects.toMatchObject(NOT_FOUND);
      expect(payloads(UPSERTED)).toEqual([]);
    });

    it('listMissingGender lists the products nobody gave a gender', async () => {
      const { service, record } = setup();
      const ungendered = await record(itemSaved(SHOPPER.uid, capture()));
      await record(itemSaved(SHOPPER.uid, capture({ name: 'Wool Coat', sourceUrl: 'https://boutique.example/p/coat', gender: 'Women' })));

      expect((await service.listMissingGender(ADMIN)).map(({ id }) => id)).toEqual([ungendered]);
    });

    it('productsByIds answers the named products in the order asked, hidden and unlisted ones too, leaving out ids it does not hold', async () => {
      const { service, record } = setup();
      const listed = await record(itemSaved(SHOPPER.uid, asosCapture()));
      const unlisted = await record(itemSaved(SHOPPER.uid, capture()));
      await service.setHidden(ADMIN, listed, true);
      const gone = productIdFor('url:https://nowhere.example/p');

      const answered = await service.productsByIds(ADMIN, [unlisted, gone, listed]);
      expect(answered.map(({ id, listed: isListed, hidden }) => ({ id, listed: isListed, hidden }))).toEqual([
        { id: unlisted, listed: false, hidden: false },
        { id: listed, listed: true, hidden: true },
      ]);
      await expect(service.productsByIds(ADMIN, [])).resolves.toEqual([]);
    });

    it('setHidden hides and shows a product, publishing each change and nothing when it does not change', async () => {
      const { service, record, payloads } = setup();
      const id = await record(itemSaved(SHOPPER.uid, asosCapture()));

      await expect(service.setHidden(ADMIN, id, true)).resolves.toMatchObject({ id, hidden: true });
      await service.setHidden(ADMIN, id, true);
      await expect(service.setHidden(ADMIN, id, false)).resolves.toMatchObject({ id, hidden: false });

      expect(payloads(UPSERTED).map(({ product }) => product.hidden)).toEqual([false, true, false]);
    });

    it.each([
      ['setGender', (service: ProductsService, id: string) => service.setGender(ADMIN, id, 'Women')],
      ['setHidden', (service: ProductsService, id: string) => service.setHidden(ADMIN, id, true)],
      ['correct', (service: ProductsService, id: string) => service.correct(ADMIN, id, { name: 'Renamed' })],
    ])('%s invalidates the lists the product was in once its change committed, and not when refused', async (_name, call) => {
      const { service, record, lists } = setup();
      const id = await record(itemSaved(SHOPPER.uid, asosCapture({ brand: 'Toteme', category: 'tops' })));
      await expect(call(service, productIdFor('url:https://nowhere.example/p'))).rejects.toMatchObject(NOT_FOUND);
      expect(lists.invalidate).not.toHaveBeenCalled();
      await call(service, id);
      expect(lists.invalidate).toHaveBeenCalledTimes(1);
      expect(lists.invalidate).toHaveBeenCalledWith(expect.arrayContaining(['popular:all', 'category:tops', 'brand:toteme']));
    });

    it('a hidden product stays hidden when savers capture it again', async () => {
      const { service, record } = setup();
      const id = await record(itemSaved(SHOPPER.uid, asosCapture(), { savedDaysAgo: 1 }));
      await service.setHidden(ADMIN, id, true);
      await record(itemSaved(STRANGER.uid, asosCapture({ price: 95 })));

      await expect(service.get(id, ADMIN)).resolves.toMatchObject({ hidden: true });
    });

    it('setGender publishes the administrator’s gender, which later captures do not change', async () => {
      const { service, record, payloads } = setup();
      const id = await record(itemSaved(SHOPPER.uid, capture({ gender: 'Women' }), { savedDaysAgo: 2 }));

      await expect(service.setGender(ADMIN, id, 'Men')).resolves.toMatchObject({ id, gender: 'Men' });
      await record(itemSaved(STRANGER.uid, capture({ gender: 'Women', price: 95 }), { savedDaysAgo: 1 }));
      await record(itemSaved('third-saver', capture({ gender: 'Women' })));

      expect(payloads(UPSERTED).map(({ product }) => product.gender)).toEqual(['Women', 'Men', 'Men']);
      await expect(service.get(id, ADMIN)).resolves.toMatchObject({ gender: 'Men' });
      expect(await service.listMissingGender(ADMIN)).toEqual([]);
    });

    it('correct sets a field that later captures do not change, and null hands it back to the savers', async () => {
      const { service, record, payloads } = setup();
      const id = await record(itemSaved(SHOPPER.uid, capture({ name: 'Cable Knit Jumper' }), { savedDaysAgo: 2 }));

      await expect(service.correct(ADMIN, id, { name: 'Leather Ankle Boots', description: 'Fixed.' })).resolves.toMatchObject({ name: 'Leather Ankle Boots', category: 'shoes' });
      await record(itemSaved(STRANGER.uid, capture({ name: 'Cable Knit Jumper' }), { savedDaysAgo: 1 }));
      await expect(service.get(id, ADMIN)).resolves.toMatchObject({ name: 'Leather Ankle Boots', description: 'Fixed.' });

      await expect(service.correct(ADMIN, id, { name: null })).resolves.toMatchObject({ name: 'Cable Knit Jumper', description: 'Fixed.', category: 'tops' });
      expect(payloads(UPSERTED).map(({ product }) => product.name)).toEqual(['Cable Knit Jumper', 'Leather Ankle Boots', 'Leather Ankle Boots', 'Cable Knit Jumper']);
    });

    it('applies a change to a product from before captures were kept to what it has', async () => {
      const { service, products, payloads } = setup();
      const id = productIdFor('url:https://boutique.example/p/old');
      products.set(id, defaultProductRow(id, 'url:https://boutique.example/p/old', { name: 'Old Name', listed: true }));

      await expect(service.correct(ADMIN, id, { name: 'New Name' })).resolves.toMatchObject({ id, name: 'New Name', listed: true });
      await expect(service.setGender(ADMIN, id, 'Women')).resolves.toMatchObject({ gender: 'Women' });
      expect(products.get(id)).toMatchObject({ genderSource: 'admin', corrections: { name: 'New Name' } });
      expect(payloads(UPSERTED)).toHaveLength(2);
    });
  });
});

describe('ProductsService.expire (retention.product-expired.v1)', () => {
  it('deletes a product nobody saves now and announces its removal, in the given transaction', async () => {
    const { service, repository, tx, payloads, record } = setup();
    const id = await record(itemSaved(SHOPPER.uid, asosCapture({ name: 'Wool Coat', brand: 'Arket' }), { savedDaysAgo: 40, capturedDaysAgo: 40 }));
    repository.hasActiveSave.mockResolvedValue(false);
    repository.deleteProduct.mockResolvedValue(true);

    // It leaves every list it was in.
    const category = payloads(UPSERTED)[0]?.product.category;
    await expect(service.expire(id, tx)).resolves.toEqual(['popular:all', `category:${category}`, 'brand:arket']);

    expect(repository.lockProduct).toHaveBeenLastCalledWith(id, tx);
    expect(repository.deleteProduct).toHaveBeenCalledWith(id, tx);
    expect(payloads('catalogue.product-removed.v1')).toEqual([{ productId: id }]);
  });

  it('keeps a product someone saved since, and announces nothing', async () => {
    const { service, repository, tx, payloads } = setup();
    repository.hasActiveSave.mockResolvedValue(true);

    await expect(service.expire('5f0c2b56-5a3f-4c1e-9a51-0b8f0c7b8a11', tx)).resolves.toEqual([]);

    expect(repository.deleteProduct).not.toHaveBeenCalled();
    expect(payloads('catalogue.product-removed.v1')).toEqual([]);
  });

  it('announces nothing for a product already gone', async () => {
    const { service, repository, tx, payloads } = setup();
    repository.hasActiveSave.mockResolvedValue(false);
    repository.deleteProduct.mockResolvedValue(false);

    await expect(service.expire('5f0c2b56-5a3f-4c1e-9a51-0b8f0c7b8a11', tx)).resolves.toEqual([]);
    expect(payloads('catalogue.product-removed.v1')).toEqual([]);
  });
});

describe('ProductsService.eraseAccount (identity.account-deleted.v1)', () => {
  it('erases the user’s captures and observations, keeps their votes without their id, and locks every product they captured first', async () => {
    const { service, repository, record, captures, observations, feedback, tx } = setup();
    const shared = await record(itemSaved(SHOPPER.uid, asosCapture(), { savedDaysAgo: 1 }));
    await record(itemSaved(STRANGER.uid, asosCapture()));
    const solo = await record(itemSaved(SHOPPER.uid, capture({ name: 'Solo Coat', sourceUrl: 'https://boutique.example/p/solo' })));
    await service.recordFeedback(shared, SHOPPER, 'Women', CLIENT);
    await service.recordFeedback(shared, STRANGER, 'Men', CLIENT);

    await service.eraseAccount(SHOPPER.uid, tx);

    expect(repository.lockProducts).toHaveBeenCalledWith([shared, solo].sort(), tx);
    expect(repository.lockProducts.mock.invocationCallOrder[0]).toBeLessThan(repository.eraseUser.mock.invocationCallOrder[0] as number);
    expect([...captures.values()].map(({ productId, userId }) => ({ productId, userId }))).toEqual([{ productId: shared, userId: STRANGER.uid }]);
    expect(observations.map(({ userId }) => userId)).toEqual([STRANGER.uid]);
    expect(feedback).toEqual([
      { productId: shared, userId: null, voter: null, gender: 'Women' },
      { productId: shared, userId: STRANGER.uid, voter: `user:${STRANGER.uid}`, gender: 'Men' },
    ]);
  });

  it('derives each product again from the savers left and publishes only those that changed; one nobody else captured keeps what it showed', async () => {
    const { service, record, products, payloads, recorded, tx } = setup();
    const agreed = await record(itemSaved(SHOPPER.uid, capture(), { savedDaysAgo: 1 }));
    await record(itemSaved(STRANGER.uid, capture()));
    const retailerListed = await record(itemSaved(SHOPPER.uid, asosCapture(), { savedDaysAgo: 1 }));
    await record(itemSaved(STRANGER.uid, asosCapture()));
    const solo = await record(itemSaved(SHOPPER.uid, capture({ name: 'Solo Coat', sourceUrl: 'https://boutique.example/p/solo' })));
    const untouched = await record(itemSaved(STRANGER.uid, capture({ name: 'Other Coat', sourceUrl: 'https://boutique.example/p/other' })));
    const before = { retailerListed: structuredClone(products.get(retailerListed)), solo: structuredClone(products.get(solo)), untouched: structuredClone(products.get(untouched)) };
    expect(products.get(agreed)?.listed).toBe(true);
    recorded.splice(0);

    await service.eraseAccount(SHOPPER.uid, tx);

    // Two savers agreeing listed it; one is left, so it is no longer listed.
    expect(payloads(UPSERTED)).toEqual([{ product: expect.objectContaining({ id: agreed, listed: false }) }]);
    expect(recorded[0]?.tx).toBe(tx);
    expect(products.get(retailerListed)).toEqual(before.retailerListed);
    expect(products.get(solo)).toEqual(before.solo);
    expect(products.get(untouched)).toEqual(before.untouched);
  });

  it('prices from the savers left', async () => {
    const { service, record, payloads, tx } = setup();
    const id = await record(itemSaved(SHOPPER.uid, asosCapture({ price: 100, priceText: '$100' }), { savedDaysAgo: 2 }));
    await record(itemSaved(STRANGER.uid, asosCapture({ price: 80, priceText: '$80' }), { savedDaysAgo: 1 }));
    expect(payloads(UPSERTED).at(-1)?.product.price).toBe(100);

    await service.eraseAccount(SHOPPER.uid, tx);

    expect(payloads(UPSERTED).at(-1)?.product).toMatchObject({ id, price: 80, priceText: '$80' });
  });

  it('does nothing for a user who captured nothing', async () => {
    const { service, record, payloads, recorded, tx } = setup();
    await record(itemSaved(STRANGER.uid, asosCapture()));
    recorded.splice(0);

    await service.eraseAccount(SHOPPER.uid, tx);

    expect(payloads(UPSERTED)).toEqual([]);
  });

  describe('trust: proved savers and the retailer\'s page', () => {
    const ZARA_URL = 'https://www.zara.com/us/en/wool-coat-p0123.html';
    const zaraCapture = (overrides: Partial<Capture> = {}) => capture({ sourceUrl: ZARA_URL, brand: 'Zara', name: 'Wool Coat', ...overrides });
    const pageRead = (overrides: Partial<PageRead> = {}): PageRead => ({
      sourceUrl: ZARA_URL,
      name: 'Wool Blend Coat',
      brand: 'Zara',
      price: 129,
      currency: 'USD',
      imageUrl: 'https://static.zara.example/coat.jpg',
      description: 'A coat.',
      fetchedAt: new Date(),
      ...overrides,
    });

    it('keeps a lone unproved saver\'s product to that saver, and lists it once they prove their address', async () => {
      const { service, record, unproved, tx, payloads } = setup();
      unproved.add(SHOPPER.uid);
      const id = await record(itemSaved(SHOPPER.uid, zaraCapture()));
      await expect(service.get(id, STRANGER)).rejects.toMatchObject(NOT_FOUND);
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ listed: false });

      await service.proveAccount(SHOPPER.uid, new Date(), tx);
      await expect(service.get(id, STRANGER)).resolves.toMatchObject({ listed: true });
      expect(payloads(UPSERTED).map(({ product }) => product.listed)).toEqual([false, true]);
    });

    it('does nothing when an account proves itself twice', async () => {
      const { service, record, unproved, tx, payloads } = setup();
      unproved.add(SHOPPER.uid);
      await record(itemSaved(SHOPPER.uid, zaraCapture()));
      await service.proveAccount(SHOPPER.uid, new Date(), tx);
      await service.proveAccount(SHOPPER.uid, new Date(), tx);
      expect(payloads(UPSERTED)).toHaveLength(2);
    });

    it('two unproved accounts change nothing of what others see', async () => {
      const { service, record, unproved } = setup();
      const id = await record(itemSaved(SHOPPER.uid, asosCapture({ name: 'Cable Knit Jumper', price: 89 }), { savedDaysAgo: 2 }));
      for (const throwaway of ['throwaway-1', 'throwaway-2']) {
        unproved.add(throwaway);
        await record(itemSaved(throwaway, asosCapture({ name: 'TAMPERED', price: 1 })));
      }
      await expect(service.get(id, STRANGER)).resolves.toMatchObject({ name: 'Cable Knit Jumper', price: 89 });
    });

    it('takes a verified product\'s fields from its page; a late, older read changes nothing; a read that overtakes the first capture is kept for it', async () => {
      const { service, record, tx } = setup();
      const id = await record(itemSaved(SHOPPER.uid, zaraCapture({ name: 'TAMPERED', price: 1 })));
      await service.recordPageRead(id, pageRead({ fetchedAt: new Date(Date.now() - 1000) }), tx);
      await expect(service.get(id, STRANGER)).resolves.toMatchObject({ name: 'Wool Blend Coat', price: 129, imageUrl: 'https://static.zara.example/coat.jpg', listed: true });

      await service.recordPageRead(id, pageRead({ name: 'Older Name', fetchedAt: new Date(Date.now() - 60_000) }), tx);
      await expect(service.get(id, STRANGER)).resolves.toMatchObject({ name: 'Wool Blend Coat' });

      const early = 'https://www.zara.com/us/en/early-read-p0456.html';
      const earlyId = productIdFor(`url:${canonicalSourceUrl(early)}`);
      await service.recordPageRead(earlyId, pageRead({ sourceUrl: early, name: 'Early Read Coat' }), tx);
      await expect(service.get(earlyId, ADMIN)).rejects.toMatchObject(NOT_FOUND);
      await record(itemSaved(SHOPPER.uid, zaraCapture({ sourceUrl: early, name: 'TAMPERED' })));
      await expect(service.get(earlyId, STRANGER)).resolves.toMatchObject({ name: 'Early Read Coat', listed: true });
    });
  });

  describe('price watch: page prices, price changes, the drop badge and availability', () => {
    const PRICE_CHANGED = 'catalogue.price-changed.v1';
    const ZARA_URL = 'https://www.zara.com/us/en/wool-coat-p0123.html';
    const zaraCapture = (overrides: Partial<Capture> = {}) => capture({ sourceUrl: ZARA_URL, brand: 'Zara', name: 'Wool Blend Coat', price: 129, currency: 'USD', ...overrides });
    const T0 = Date.now() - 3 * DAY_MS;
    const readAt = (hours: number, price: number | null): PageRead => ({
      sourceUrl: ZARA_URL,
      name: 'Wool Blend Coat',
      brand: 'Zara',
      price,
      currency: price === null ? null : 'USD',
      imageUrl: null,
      description: null,
      fetchedAt: new Date(T0 + hours * 3_600_000),
    });

    it('records a page read\'s price as a verified observation of nobody, and publishes a price change only when the shown price changes, in the read\'s transaction', async () => {
      const { service, record, tx, observations, payloads, recorded } = setup();
      const id = await record(itemSaved(SHOPPER.uid, zaraCapture(), { savedDaysAgo: 4 }));
      await service.recordPageRead(id, readAt(0, 129), tx);
      expect(observations.at(-1)).toMatchObject({ productId: id, userId: null, source: 'page', amount: 129, currency: 'USD', observedAt: readAt(0, 129).fetchedAt });
      // Same price: nothing to announce.
      expect(payloads(PRICE_CHANGED)).toEqual([]);

      await service.recordPageRead(id, readAt(1, 99), tx);
      await service.recordPageRead(id, readAt(2, 99), tx);
      expect(payloads(PRICE_CHANGED)).toEqual([
        { product: { id, name: 'Wool Blend Coat', brand: 'Zara', sourceUrl: canonicalSourceUrl(ZARA_URL) }, old: 129, new: 99, currency: 'USD', observedAt: readAt(1, 99).fetchedAt.toISOString() },
      ]);
      expect(recorded.filter((event) => event.envelope.type === PRICE_CHANGED).map((event) => event.tx)).toEqual([tx]);
      expect(observations.filter((observation) => observation.source === 'page')).toHaveLength(3);
    });

    it('announces no price change when a page read names the currency of a bare price, and announces the next move of the amount', async () => {
      const { service, record, tx, payloads } = setup();
      const id = await record(itemSaved(SHOPPER.uid, zaraCapture({ price: 129, currency: null, priceText: '129' }), { savedDaysAgo: 4 }));
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ price: 129, currency: null });
      await service.recordPageRead(id, readAt(0, 129), tx);
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ price: 129, currency: 'USD' });
      expect(payloads(PRICE_CHANGED)).toEqual([]);

      await service.recordPageRead(id, readAt(1, 99), tx);
      expect(payloads(PRICE_CHANGED).map((event) => [event.old, event.new, event.currency])).toEqual([[129, 99, 'USD']]);
      // Another known currency at the same amount is a change.
      await service.recordPageRead(id, { ...readAt(2, 99), currency: 'EUR' }, tx);
      expect(payloads(PRICE_CHANGED).map((event) => [event.old, event.new, event.currency])).toEqual([
        [129, 99, 'USD'],
        [99, 99, 'EUR'],
      ]);
    });

    it('never lets a page read count as a saver\'s vote on the price, nor another page\'s read as an observation of this product', async () => {
      const { service, record, tx, observations } = setup();
      const id = await record(itemSaved(SHOPPER.uid, asosCapture({ name: 'Cable Knit Jumper', price: 89, currency: 'USD' })));
      // A page read that is not this product's own page decides nothing, and its observation is nobody's vote.
      await service.recordPageRead(id, { ...readAt(0, 10), sourceUrl: 'https://www.asos.com/p/another-999' }, tx);
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ price: 89 });
      expect(observations.filter((observation) => observation.source === 'page')).toEqual([]);
    });

    it('badges a drop of at least 5% against the highest shown price of the last 7 days, keeps it through a small rise, and drops it on a rise back to the old price', async () => {
      const { service, record, tx, payloads } = setup();
      const id = await record(itemSaved(SHOPPER.uid, zaraCapture({ price: 100 }), { savedDaysAgo: 4 }));
      await service.recordPageRead(id, readAt(0, 100), tx);
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ priceDrop: null, available: true });

      await service.recordPageRead(id, readAt(1, 97), tx);
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ price: 97, priceDrop: null });
      await service.recordPageRead(id, readAt(2, 80), tx);
      const dropped = { percent: 20, from: 100, since: readAt(2, 80).fetchedAt.toISOString() };
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ price: 80, priceDrop: dropped });
      // The product event carries the badge, for search and the wardrobe.
      expect(payloads(UPSERTED).at(-1)?.product).toMatchObject({ price: 80, priceDrop: dropped });

      await service.recordPageRead(id, readAt(3, 100), tx);
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ price: 100, priceDrop: null });
      expect(payloads(PRICE_CHANGED).map((event) => [event.old, event.new])).toEqual([[100, 97], [97, 80], [80, 100]]);
    });

    it('shows no badge for a drop older than 7 days', async () => {
      const { service, record, tx, products } = setup();
      const id = await record(itemSaved(SHOPPER.uid, zaraCapture({ price: 100 }), { savedDaysAgo: 4 }));
      await service.recordPageRead(id, readAt(0, 80), tx);
      const row = products.get(id) as ProductRow;
      expect(row.priceDrop).toMatchObject({ percent: 20 });
      products.set(id, { ...row, priceDrop: { percent: 20, from: 100, since: new Date(Date.now() - 8 * DAY_MS).toISOString() } });
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ priceDrop: null });
    });

    it('publishes a change of the savers\' price too, and none for a new product\'s first price', async () => {
      const { record, payloads } = setup();
      const id = await record(itemSaved(SHOPPER.uid, asosCapture({ name: 'Cable Knit Jumper', price: 89 }), { savedDaysAgo: 1 }));
      expect(payloads(PRICE_CHANGED)).toEqual([]);
      await record(itemSaved(SHOPPER.uid, asosCapture({ name: 'Cable Knit Jumper', price: 79 })));
      expect(payloads(PRICE_CHANGED)).toEqual([expect.objectContaining({ product: expect.objectContaining({ id }), old: 89, new: 79 })]);
    });

    it('answers a saver the observed history (page reads and proved savers\' prices, never who), and anyone else 404 as if the product did not exist', async () => {
      const { service, record, tx, unproved, removedSaves } = setup();
      const id = await record(itemSaved(SHOPPER.uid, zaraCapture({ price: 100 }), { savedDaysAgo: 4 }));
      unproved.add('throwaway');
      await record(itemSaved('throwaway', zaraCapture({ price: 1 }), { savedDaysAgo: 4 }));
      await service.recordPageRead(id, readAt(0, 90), tx);

      const history = await service.priceHistory(SHOPPER, id);
      expect(history).toMatchObject({ productId: id, currency: 'USD', low: 90, high: 100, observations: 2 });
      expect(history.points.map((point) => [point.amount, point.source])).toEqual([[100, 'capture'], [90, 'page']]);
      expect(JSON.stringify(history)).not.toContain(SHOPPER.uid);

      await expect(service.priceHistory(STRANGER, id)).rejects.toMatchObject(NOT_FOUND);
      await expect(service.priceHistory(SHOPPER, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject(NOT_FOUND);
      removedSaves.add(`${id}/${SHOPPER.uid}`);
      await expect(service.priceHistory(SHOPPER, id)).rejects.toMatchObject(NOT_FOUND);
    });

    it('records an active saver\'s read as their observation and vote, once within the gap, and refuses anyone else or a price it cannot read', async () => {
      const { service, record, observations, payloads } = setup();
      const id = await record(itemSaved(SHOPPER.uid, asosCapture({ name: 'Cable Knit Jumper', price: 89, currency: 'USD' }), { savedDaysAgo: 1 }));
      const now = new Date();
      await expect(service.recordShopperObservation(SHOPPER, id, '$79.00', now)).resolves.toEqual({ recorded: true });
      expect(observations.at(-1)).toMatchObject({ productId: id, userId: SHOPPER.uid, source: 'shopper', amount: 79, currency: 'USD', priceText: '$79.00', observedAt: now });
      // The lone saver's own newest price is the savers' price: it shows, and the change is announced.
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ price: 79 });
      expect(payloads(PRICE_CHANGED)).toEqual([expect.objectContaining({ old: 89, new: 79 })]);

      await expect(service.recordShopperObservation(SHOPPER, id, 79, new Date(now.getTime() + 60_000))).resolves.toEqual({ recorded: false });
      await expect(service.recordShopperObservation(STRANGER, id, 79)).rejects.toMatchObject(NOT_FOUND);
      await expect(service.recordShopperObservation(SHOPPER, id, 'call us')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(service.recordShopperObservation(SHOPPER, id, 0)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('never lets one saver\'s read move a price two other proved savers agree on, nor a verified page\'s price', async () => {
      const { service, record, tx } = setup();
      const id = await record(itemSaved(SHOPPER.uid, asosCapture({ name: 'Cable Knit Jumper', price: 89, currency: 'USD' }), { savedDaysAgo: 3 }));
      await record(itemSaved(STRANGER.uid, asosCapture({ name: 'Cable Knit Jumper', price: 89, currency: 'USD' }), { savedDaysAgo: 2 }));
      await record(itemSaved(ADMIN.uid, asosCapture({ name: 'Cable Knit Jumper', price: 89, currency: 'USD' }), { savedDaysAgo: 1 }));
      await service.recordShopperObservation(STRANGER, id, 1);
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ price: 89 });

      const zara = await record(itemSaved(SHOPPER.uid, zaraCapture({ price: 129 }), { savedDaysAgo: 4 }));
      await service.recordPageRead(zara, readAt(0, 129), tx);
      await service.recordShopperObservation(SHOPPER, zara, 10);
      await expect(service.get(zara, SHOPPER)).resolves.toMatchObject({ price: 129 });
    });

    it('marks a product whose page is gone unavailable (kept, and published), and available again after a later good read; an older gone read changes nothing', async () => {
      const { service, record, tx, payloads, products } = setup();
      const id = await record(itemSaved(SHOPPER.uid, zaraCapture(), { savedDaysAgo: 4 }));
      await service.recordPageRead(id, readAt(0, 129), tx);
      await service.recordPageGone(id, readAt(5, null).fetchedAt, tx);
      expect(products.has(id)).toBe(true);
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ available: false });
      expect(payloads(UPSERTED).at(-1)?.product).toMatchObject({ id, available: false });
      const published = payloads(UPSERTED).length;
      await service.recordPageGone(id, readAt(6, null).fetchedAt, tx);
      expect(payloads(UPSERTED)).toHaveLength(published);

      await service.recordPageRead(id, readAt(7, 129), tx);
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ available: true });
      await service.recordPageGone(id, readAt(6.5, null).fetchedAt, tx);
      await expect(service.get(id, SHOPPER)).resolves.toMatchObject({ available: true });
    });
  });

  describe('contested products (administrator)', () => {
    const contest = async () => {
      const context = setup();
      const id = await context.record(itemSaved(SHOPPER.uid, asosCapture({ name: 'Cable Knit Jumper', price: 89 }), { savedDaysAgo: 2 }));
      await context.record(itemSaved(STRANGER.uid, asosCapture({ name: 'TAMPERED', price: 1 }), { savedDaysAgo: 1 }));
      return { ...context, id };
    };

    it('lists a contested product with what shows, why, and each proved saver\'s version, first saver first; only to administrators', async () => {
      const { service, id, unproved, record } = await contest();
      unproved.add('throwaway');
      await record(itemSaved('throwaway', asosCapture({ name: 'Spam' })));

      const [listed, ...others] = await service.listContested(ADMIN);
      expect(others).toEqual([]);
      expect(listed).toMatchObject({
        productId: id,
        shown: { name: 'Cable Knit Jumper', price: 89 },
        reasons: ['name-brand', 'price'],
        page: null,
        captures: [
          { userId: SHOPPER.uid, name: 'Cable Knit Jumper', price: 89, first: true },
          { userId: STRANGER.uid, name: 'TAMPERED', price: 1, first: false },
        ],
      });
      await expect(service.listContested(SHOPPER)).rejects.toMatchObject(FORBIDDEN);
    });

    it('keeps a saver\'s version as the administrator\'s corrections and settles the contest', async () => {
      const { service, id } = await contest();
      const product = await service.resolveContest(ADMIN, id, { keep: 'capture', userId: STRANGER.uid });
      expect(product).toMatchObject({ name: 'TAMPERED' });
      expect(await service.listContested(ADMIN)).toEqual([]);
      await expect(service.resolveContest(ADMIN, id, { keep: 'capture', userId: 'nobody' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('hides the product, and refuses to keep a page that was never read', async () => {
      const { service, id } = await contest();
      await expect(service.resolveContest(ADMIN, id, { keep: 'page' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(service.resolveContest(ADMIN, id, { keep: 'hidden' })).resolves.toMatchObject({ hidden: true });
      await expect(service.resolveContest(SHOPPER, id, { keep: 'hidden' })).rejects.toMatchObject(FORBIDDEN);
    });

    it('opens the contest again when a newer capture disagrees', async () => {
      const { service, id, record } = await contest();
      await service.resolveContest(ADMIN, id, { keep: 'capture', userId: SHOPPER.uid });
      await record(itemSaved('third-saver', asosCapture({ name: 'Another Name' }), { savedDaysAgo: -1 }));
      expect((await service.listContested(ADMIN)).map((each) => each.productId)).toEqual([id]);
    });
  });
});
