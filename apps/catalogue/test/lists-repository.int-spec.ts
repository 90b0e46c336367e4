import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseConnection, type Db, migrateService } from '@closetly/server';
import { type AdapterTestDatabase, capture, openAdapterTestDatabase } from '@closetly/testing';
import { and, eq } from 'drizzle-orm';
import { activeSaves, captures, products } from '../src/db/schema';
import { type ListFilter, ListsRepository } from '../src/lists/lists.repository';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');
const DAY_MS = 24 * 60 * 60 * 1000;
const HALF_LIFE_SECONDS = 14 * 24 * 60 * 60;
const ALL: ListFilter = { category: null, excludeGender: null, brand: null };
const FIRST_PAGE = { offset: 0, limit: 100 };

/** The migrations up to and including `lastTag`, in a folder of their own (to migrate a database as it was before a later one). */
function migrationsThrough(lastTag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'catalogue-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ idx: number; tag: string }> };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** The browsing lists' queries on the real engines (PGlite and PostgreSQL), with the catalogue's migrations. */
describe.each(['embedded', 'distributed'] as const)('lists repository (%s)', (mode) => {
  let connection: DatabaseConnection;
  let db: Db;
  let database: AdapterTestDatabase | undefined;
  let lists: ListsRepository;
  /** Captures kept before active saves were tracked (migrated in by 0003). */
  const backfilled = { productId: randomUUID(), userId: 'early-saver', firstSavedAt: new Date('2026-01-02T03:04:05.000Z') };

  beforeAll(async () => {
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_catalogue_lists' });
    ({ connection, db } = database);
    const before = migrationsThrough('0002_shared_products');
    try {
      await migrateService(connection, db, 'catalogue', before.folder);
    } finally {
      before.remove();
    }
    await db.insert(captures).values({ ...backfilled, capture: capture(), capturedAt: new Date('2026-02-01T00:00:00.000Z') });
    await migrateService(connection, db, 'catalogue', MIGRATIONS);
    lists = new ListsRepository(db);
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A public product (listed, not hidden, named, branded, priced) unless overridden; created `ageDays` ago. */
  const addProduct = async (overrides: Partial<typeof products.$inferInsert> & { ageDays?: number } = {}) => {
    const { ageDays = 0, ...fields } = overrides;
    const id = randomUUID();
    const createdAt = new Date(Date.now() - ageDays * DAY_MS);
    await db.insert(products).values({ id, productKey: `url:https://shop.example/${id}`, name: `Item ${id.slice(0, 8)}`, brand: 'Brand', price: 50, listed: true, createdAt, ...fields });
    return id;
  };
  const saveDaysAgo = (productId: string, days: number, userId: string = randomUUID()) =>
    db.transaction((tx) => lists.recordSaves([{ productId, userId, savedAt: new Date(Date.now() - days * DAY_MS) }], tx as unknown as Db));
  /** The rule the queries apply: no removal, or saved again after it. */
  const isActive = async (productId: string, userId: string) => {
    const [row] = await db.select().from(activeSaves).where(and(eq(activeSaves.productId, productId), eq(activeSaves.userId, userId)));
    return row !== undefined && (row.removedAt === null || row.savedAt > row.removedAt);
  };

  it('migrates every capture kept before as an active save since its first save', async () => {
    const rows = await db.select().from(activeSaves).where(eq(activeSaves.productId, backfilled.productId));
    expect(rows).toEqual([{ productId: backfilled.productId, userId: backfilled.userId, savedAt: backfilled.firstSavedAt, removedAt: null }]);
  });

  describe('active saves', () => {
    const at = (iso: string) => new Date(`2026-03-0${iso}:00:00.000Z`);
    const save = (productId: string, userId: string, when: Date) => db.transaction((tx) => lists.recordSaves([{ productId, userId, savedAt: when }], tx as unknown as Db));
    const remove = (productId: string, userId: string, when: Date) => db.transaction((tx) => lists.recordRemovals([{ productId, userId, removedAt: when }], tx as unknown as Db));

    it('ends a save with its removal, and counts a save again after it from its new beginning', async () => {
      const productId = randomUUID();
      await save(productId, 'ada', at('1T10'));
      await save(productId, 'ada', at('1T10')); // the same save with a new capture
      expect(await isActive(productId, 'ada')).toBe(true);
      await remove(productId, 'ada', at('2T10'));
      expect(await isActive(productId, 'ada')).toBe(false);
      await save(productId, 'ada', at('3T10'));
      expect(await isActive(productId, 'ada')).toBe(true);
      const [row] = await db.select().from(activeSaves).where(eq(activeSaves.productId, productId));
      expect(row?.savedAt).toEqual(at('3T10'));
    });

    it('lets a removal that arrives before its save win, and a later save still count', async () => {
      const productId = randomUUID();
      await remove(productId, 'bob', at('2T10'));
      await save(productId, 'bob', at('1T10'));
      expect(await isActive(productId, 'bob')).toBe(false);
      await save(productId, 'bob', at('3T10'));
      await remove(productId, 'bob', at('2T10')); // the old removal delivered again
      expect(await isActive(productId, 'bob')).toBe(true);
    });
  });

  describe('popular', () => {
    it('ranks by the sum of 0.5^(age / half-life) over active saves: three saves two weeks old beat one today, which beats two four weeks old', async () => {
      const brand = `Rank ${randomUUID()}`;
      const today = await addProduct({ brand });
      const fourWeeks = await addProduct({ brand });
      const twoWeeks = await addProduct({ brand });
      await saveDaysAgo(today, 0);
      for (let n = 0; n < 2; n += 1) await saveDaysAgo(fourWeeks, 28);
      for (let n = 0; n < 3; n += 1) await saveDaysAgo(twoWeeks, 14);

      const ranked = await lists.popular({ ...ALL, brand }, HALF_LIFE_SECONDS, FIRST_PAGE);
      expect(ranked.map((row) => row.product.id)).toEqual([twoWeeks, today, fourWeeks]);
      expect(ranked.map((row) => row.score)).toEqual([expect.closeTo(1.5, 3), expect.closeTo(1, 3), expect.closeTo(0.5, 3)]);
    });

    it('counts only active saves, and breaks a tie for the newer product', async () => {
      const brand = `Ties ${randomUUID()}`;
      const older = await addProduct({ brand, ageDays: 3 });
      const newer = await addProduct({ brand, ageDays: 1 });
      const removed = await addProduct({ brand });
      const when = new Date(Date.now() - DAY_MS);
      for (const id of [older, newer, removed]) await db.transaction((tx) => lists.recordSaves([{ productId: id, userId: 'same-saver', savedAt: when }], tx as unknown as Db));
      await db.transaction((tx) => lists.recordRemovals([{ productId: removed, userId: 'same-saver', removedAt: new Date() }], tx as unknown as Db));

      const ranked = await lists.popular({ ...ALL, brand }, HALF_LIFE_SECONDS, FIRST_PAGE);
      expect(ranked.map((row) => row.product.id)).toEqual([newer, older]);
    });

    it('shows only public products with a name, brand and price, of the filter’s category, gender and brand (any letter case)', async () => {
      const brand = `Filters ${randomUUID()}`;
      const shown = await addProduct({ brand, category: 'accessories', gender: 'Men' });
      const unisex = await addProduct({ brand, category: 'accessories', gender: 'Unisex' });
      const women = await addProduct({ brand, category: 'accessories', gender: 'Women' });
      const top = await addProduct({ brand, category: 'tops', gender: 'Men' });
      const unlisted = await addProduct({ brand, category: 'accessories', listed: false });
      const hidden = await addProduct({ brand, category: 'accessories', hidden: true });
      const unpriced = await addProduct({ brand, category: 'accessories', price: null });
      const unnamed = await addProduct({ brand, category: 'accessories', name: '  ' });
      await addProduct({ brand, category: 'accessories' }); // never saved
      for (const id of [shown, unisex, women, top, unlisted, hidden, unpriced, unnamed]) await saveDaysAgo(id, 0);

      const menAccessories = await lists.popular({ category: 'accessories', excludeGender: 'Women', brand: brand.toUpperCase() }, HALF_LIFE_SECONDS, FIRST_PAGE);
      expect(menAccessories.map((row) => row.product.id).sort()).toEqual([shown, unisex].sort());
      const everything = await lists.popular({ ...ALL, brand }, HALF_LIFE_SECONDS, FIRST_PAGE);
      expect(everything.map((row) => row.product.id).sort()).toEqual([shown, unisex, women, top].sort());
    });

    it('pages with offset and limit in ranking order', async () => {
      const brand = `Pages ${randomUUID()}`;
      const ids = [];
      for (let n = 0; n < 5; n += 1) {
        const id = await addProduct({ brand });
        for (let saver = 0; saver <= n; saver += 1) await saveDaysAgo(id, 0);
        ids.unshift(id);
      }
      const page = await lists.popular({ ...ALL, brand }, HALF_LIFE_SECONDS, { offset: 2, limit: 2 });
      expect(page.map((row) => row.product.id)).toEqual(ids.slice(2, 4));
    });
  });

  describe('newest', () => {
    it('lists public products of the filter newest first, saved or not', async () => {
      const brand = `Newest ${randomUUID()}`;
      const lastMonth = await addProduct({ brand, ageDays: 30, category: 'shoes', gender: 'Women' });
      const yesterday = await addProduct({ brand, ageDays: 1, category: 'shoes', gender: 'Unisex' });
      const today = await addProduct({ brand, ageDays: 0, category: 'shoes', gender: 'Women' });
      await addProduct({ brand, ageDays: 0, category: 'shoes', gender: 'Men' });
      await addProduct({ brand, ageDays: 0, category: 'tops', gender: 'Women' });
      await addProduct({ brand, ageDays: 0, category: 'shoes', hidden: true });

      const womensShoes = await lists.newest({ category: 'shoes', excludeGender: 'Men', brand: brand.toLowerCase() }, FIRST_PAGE);
      expect(womensShoes.map((row) => row.id)).toEqual([today, yesterday, lastMonth]);
    });
  });
});
