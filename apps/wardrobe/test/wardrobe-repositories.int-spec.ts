import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { type Caller, EXPORT_PAGE_SIZE } from '@closetly/contracts';
import { type DatabaseConnection, type Db, ErasedAccounts, migrateService } from '@closetly/server';
import { type AdapterTestDatabase, allExportPages, capture, openAdapterTestDatabase, product } from '@closetly/testing';
import { sql } from 'drizzle-orm';
import { erasedAccounts, saves as savesTable } from '../src/db/schema';
import { PrivacyService } from '../src/privacy/privacy.service';
import { RecommendationsRepository } from '../src/recommendations/recommendations.repository';
import { SavesRepository } from '../src/saves/saves.repository';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');

const caller = (uid = randomUUID()): Caller => ({ uid, sid: `session-of-${uid}`, roles: [] });
/** A time the database holds to the microsecond, `micros` after the start of 2026-01-01 (UTC). */
const microsAfterNewYear = (micros: number) => `2026-01-01T00:00:00.${String(micros).padStart(6, '0')}Z`;

/** The wardrobe's repositories (and its privacy rights over them) on the real engines (PGlite and PostgreSQL), with its migrations. */
describe.each(['embedded', 'distributed'] as const)('wardrobe repositories (%s)', (mode) => {
  let connection: DatabaseConnection;
  let db: Db;
  let database: AdapterTestDatabase | undefined;
  let saves: SavesRepository;
  let recommendations: RecommendationsRepository;
  let privacy: PrivacyService;

  beforeAll(async () => {
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_wardrobe_repos' });
    ({ connection, db } = database);
    await migrateService(connection, db, 'wardrobe', MIGRATIONS);
    saves = new SavesRepository(db);
    recommendations = new RecommendationsRepository(db);
    privacy = new PrivacyService(saves, recommendations, new ErasedAccounts(erasedAccounts));
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Saves of one user at the given times (SQL timestamptz text, or the database's now()), in one statement. */
  const seed = async (userId: string, savedAts: Array<string | null>) => {
    const rows = savedAts.map((savedAt) => ({ userId, productId: randomUUID(), capture: capture({ name: `Item ${randomUUID()}` }), ...(savedAt ? { savedAt: sql`${savedAt}::timestamptz` } : {}) }));
    for (let start = 0; start < rows.length; start += 500) await db.insert(savesTable).values(rows.slice(start, start + 500));
    return rows.map((row) => row.productId);
  };
  const profileOf = (userId: string) => ({ userId, gender: 'female' as const, favoriteBrands: ['COS'], sizedCategories: [] });
  const inTransaction = (work: (tx: Db) => Promise<void>) => db.transaction((tx) => work(tx as unknown as Db));

  describe('saves, oldest first (the export)', () => {
    it('positions each save to the microsecond, and resumes right after a position within one millisecond', async () => {
      const userId = randomUUID();
      const [first, second, third] = await seed(userId, [microsAfterNewYear(1), microsAfterNewYear(2), microsAfterNewYear(3)]);

      const all = await saves.listOldestFirstAfter(userId, null, 10);
      expect(all.map((row) => row.productId)).toEqual([first, second, third]);
      expect(all.map((row) => row.position.savedAt)).toEqual([microsAfterNewYear(1), microsAfterNewYear(2), microsAfterNewYear(3)]);
      expect(all[0]?.savedAt).toEqual(new Date('2026-01-01T00:00:00.000Z'));
      expect((await saves.listOldestFirstAfter(userId, all[0]?.position ?? null, 10)).map((row) => row.productId)).toEqual([second, third]);
    });

    it('orders saves of one moment by product id', async () => {
      const userId = randomUUID();
      const productIds = await seed(userId, Array.from({ length: 5 }, () => microsAfterNewYear(500)));

      expect((await saves.listOldestFirstAfter(userId, null, 10)).map((row) => row.productId)).toEqual([...productIds].sort());
    });

    it('exports 1,200 saves in 3 pages that hold each of the user’s saves once, oldest first, whatever the ties', async () => {
      const [shopper, other] = [caller(), randomUUID()];
      // 600 saves within one millisecond (a page ends among them), 500 saved at one moment (so does the next page), 100 more at another.
      const withinOneMillisecond = await seed(shopper.uid, Array.from({ length: 600 }, (_, n) => microsAfterNewYear(n)));
      const atOneMoment = await seed(shopper.uid, Array.from({ length: 500 }, () => '2026-02-01T12:00:00.000000Z'));
      const later = await seed(shopper.uid, Array.from({ length: 100 }, () => '2026-03-01T09:30:00.250001Z'));
      await seed(other, Array.from({ length: 50 }, () => '2026-02-01T12:00:00.000000Z'));

      const pages = await allExportPages((after) => privacy.exportSaves(shopper, after, EXPORT_PAGE_SIZE));

      expect(pages.map((page) => page.items.length)).toEqual([500, 500, 200]);
      expect(pages.map((page) => page.next === null)).toEqual([false, false, true]);
      const exported = pages.flatMap((page) => page.items.map((item) => item.productId));
      expect(exported).toEqual([...withinOneMillisecond, ...[...atOneMoment].sort(), ...[...later].sort()]);
      expect(pages[0]?.items[0]).toMatchObject({ savedAt: '2026-01-01T00:00:00.000Z', capture: expect.objectContaining({ brand: 'COS' }) });
    });

    it('answers the page after an exactly full last one as next: null, not an empty page', async () => {
      const shopper = caller();
      await seed(shopper.uid, Array.from({ length: 4 }, (_, n) => microsAfterNewYear(n)));

      const first = await privacy.exportSaves(shopper, null, 2);
      const second = await privacy.exportSaves(shopper, first.next, 2);
      expect([first.items.length, second.items.length, second.next]).toEqual([2, 2, null]);
    });
  });

  describe('the catalogue’s classification of saved products', () => {
    it('keeps the product’s price drop and availability beside its gender and category, for the saver’s item', async () => {
      const userId = randomUUID();
      const [productId] = await seed(userId, [null]);
      const priceDrop = { percent: 15, from: 100, to: 85, since: '2026-03-01T10:00:00.000Z' };
      await inTransaction((tx) => saves.upsertClassification(productId as string, { gender: 'Women', category: 'tops', priceDrop, available: false }, tx));
      expect(await saves.findClassification(productId as string)).toEqual({ gender: 'Women', category: 'tops', priceDrop, available: false });
      expect((await saves.listNewestFirst(userId))[0]?.classification).toEqual({ gender: 'Women', category: 'tops', priceDrop, available: false });
      await inTransaction((tx) => saves.upsertClassification(productId as string, { gender: 'Women', category: 'tops', priceDrop: null, available: true }, tx));
      expect((await saves.find(userId, productId as string))?.classification).toEqual({ gender: 'Women', category: 'tops', priceDrop: null, available: true });
    });
  });

  describe('a user’s data (erasure, counts)', () => {
    it('deletes only that user’s saves and the recommender’s copy of only their profile', async () => {
      const [gone, stays] = [randomUUID(), randomUUID()];
      const [shared] = await seed(gone, [null, null, null]);
      await db.insert(savesTable).values({ userId: stays, productId: shared as string, capture: capture() });
      await seed(stays, [null]);
      await inTransaction(async (tx) => {
        await recommendations.upsertProfile(profileOf(gone), tx);
        await recommendations.upsertProfile(profileOf(stays), tx);
      });
      await inTransaction(async (tx) => {
        await saves.deleteForUser(gone, tx);
        await recommendations.deleteProfile(gone, tx);
      });

      expect(await saves.listOldestFirstAfter(gone, null, 10)).toEqual([]);
      expect(await recommendations.findProfile(gone)).toBeUndefined();
      expect((await saves.listOldestFirstAfter(stays, null, 10)).map((row) => row.productId)).toContain(shared);
      expect(await saves.countForUser(stays)).toBe(2);
      expect(await recommendations.findProfile(stays)).toEqual(profileOf(stays));
    });

    it('counts the rows held for a user, table by table: 0 once they are deleted', async () => {
      const [userId, other] = [randomUUID(), randomUUID()];
      const admin = { ...caller(), roles: ['admin'] };
      await seed(userId, [null, null, null]);
      await seed(other, [null]);
      await inTransaction((tx) => recommendations.upsertProfile(profileOf(userId), tx));

      await expect(privacy.dataHeld(admin, userId)).resolves.toEqual({ saves: 3, shopper_profiles: 1 });
      await inTransaction((tx) => privacy.accountDeleted(userId, tx));
      await expect(privacy.dataHeld(admin, userId)).resolves.toEqual({ saves: 0, shopper_profiles: 0 });
      await expect(privacy.dataHeld(admin, other)).resolves.toEqual({ saves: 1, shopper_profiles: 0 });
    });

    it('drops a profile event delivered after the erasure, and still applies one for another user', async () => {
      const [erased, other] = [randomUUID(), randomUUID()];
      await inTransaction((tx) => privacy.accountDeleted(erased, tx));

      for (const userId of [erased, other]) {
        await inTransaction((tx) => privacy.unlessErased(userId, tx, () => recommendations.upsertProfile(profileOf(userId), tx)));
      }

      expect(await recommendations.findProfile(erased)).toBeUndefined();
      expect(await recommendations.findProfile(other)).toEqual(profileOf(other));
    });
  });

  describe('the catalogue’s products (read model)', () => {
    it('keeps the catalogue’s colour, and none when it states none', async () => {
      const navy = product({ id: randomUUID(), colour: 'Navy', updatedAt: '2026-03-01T10:00:00.000Z' });
      const plain = product({ id: randomUUID(), updatedAt: '2026-03-01T10:00:00.000Z' });
      await inTransaction(async (tx) => {
        await recommendations.upsertProduct(navy, tx);
        await recommendations.upsertProduct(plain, tx);
      });
      const byId = new Map((await recommendations.products([navy.id, plain.id])).map((found) => [found.id, found]));
      expect(byId.get(navy.id)).toEqual(navy);
      expect(byId.get(plain.id)?.colour).toBeNull();

      await inTransaction((tx) => recommendations.upsertProduct({ ...navy, colour: 'Ecru' }, tx));
      expect((await recommendations.products([navy.id]))[0]?.colour).toBe('Ecru');
    });

    it('takes a batch of products in one statement: new ones inserted, known ones replaced in every column', async () => {
      const known = product({ id: randomUUID(), name: 'Old Name', colour: 'Navy', listed: true, updatedAt: '2026-03-01T10:00:00.000Z' });
      await inTransaction((tx) => recommendations.upsertProduct(known, tx));
      const replaced = product({ ...known, name: 'New Name', brand: 'Arket', price: 49, colour: null, listed: false, hidden: true, updatedAt: '2026-03-02T10:00:00.000Z' });
      const fresh = product({ id: randomUUID(), name: 'Fresh', updatedAt: '2026-03-02T11:00:00.000Z' });
      await inTransaction((tx) => recommendations.upsertProducts([fresh, replaced], tx));
      await inTransaction((tx) => recommendations.upsertProducts([], tx));
      const byId = new Map((await recommendations.products([known.id, fresh.id])).map((found) => [found.id, found]));
      expect(byId.get(known.id)).toEqual(replaced);
      expect(byId.get(fresh.id)).toEqual(fresh);

      const [first, second] = [randomUUID(), randomUUID()];
      await inTransaction((tx) => saves.upsertClassification(first, { gender: 'Men', category: 'tops', priceDrop: null, available: true }, tx));
      await inTransaction((tx) =>
        saves.upsertClassifications(
          [
            { productId: second, gender: 'Women', category: 'outerwear', priceDrop: null, available: true },
            { productId: first, gender: 'Unisex', category: 'shoes', priceDrop: null, available: false },
          ],
          tx,
        ),
      );
      expect(await saves.findClassification(first)).toEqual({ gender: 'Unisex', category: 'shoes', priceDrop: null, available: false });
      expect(await saves.findClassification(second)).toEqual({ gender: 'Women', category: 'outerwear', priceDrop: null, available: true });
    });
  });
});
