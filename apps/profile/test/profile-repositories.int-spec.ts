import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { emptyProfile, type Measurements } from '@closetly/contracts';
import { type DatabaseConnection, type Db, ErasedAccounts, migrateService } from '@closetly/server';
import { type AdapterTestDatabase, openAdapterTestDatabase } from '@closetly/testing';
import { sql } from 'drizzle-orm';
import { erasedAccounts } from '../src/db/schema';
import { NotificationsRepository } from '../src/price-alerts/notifications.repository';
import { SavedProductsRepository } from '../src/price-alerts/saved-products.repository';
import { PrivacyService } from '../src/privacy/privacy.service';
import { ProfilesRepository } from '../src/profiles/profiles.repository';
import { RecentSearchesRepository } from '../src/recent-searches/recent-searches.repository';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');

const fields = (overrides: Partial<ReturnType<typeof emptyProfile>> = {}) => {
  const { favoriteBrands, measurements, sizes } = emptyProfile();
  return { name: 'Ada Lovelace', email: 'ada@example.com', gender: 'female' as const, favoriteBrands, measurements, sizes, ...overrides };
};

const metric: Measurements = {
  height: { mainValue: 1, mainUnit: 'm', secondaryValue: 72.5, secondaryUnit: 'cm' },
  weight: { value: 0, unit: 'kg' },
  chest: { value: 90.25, unit: 'cm' },
  waist: { value: null, unit: 'cm' },
  hips: { value: 100, unit: 'cm' },
};

/** The profile service's repositories on the real engines (PGlite and PostgreSQL), with its migrations. */
describe.each(['embedded', 'distributed'] as const)('profile repositories (%s)', (mode) => {
  let connection: DatabaseConnection;
  let db: Db;
  let database: AdapterTestDatabase | undefined;
  let profiles: ProfilesRepository;
  let recent: RecentSearchesRepository;

  beforeAll(async () => {
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_profile_repos' });
    ({ connection, db } = database);
    await migrateService(connection, db, 'profile', MIGRATIONS);
    profiles = new ProfilesRepository(db);
    recent = new RecentSearchesRepository(db);
  });
  afterAll(async () => {
    await database?.close();
  });

  describe('profiles', () => {
    it('stores a profile with its JSON parts as given and reads it back', async () => {
      const accountId = randomUUID();
      const inserted = await profiles.insertIfMissing(accountId, fields({ favoriteBrands: ['COS', 'Arket'], measurements: metric, sizes: { ...emptyProfile().sizes, top: 'S', dressSize: '8' } }));

      expect(inserted).toMatchObject({ accountId, name: 'Ada Lovelace', email: 'ada@example.com', gender: 'female', favoriteBrands: ['COS', 'Arket'], measurements: metric });
      expect(inserted?.createdAt).toBeInstanceOf(Date);
      expect(await profiles.find(accountId)).toEqual(inserted);
      expect(await profiles.find(randomUUID())).toBeUndefined();
    });

    it('inserts once per account: a second insert returns nothing and changes nothing', async () => {
      const accountId = randomUUID();
      await profiles.insertIfMissing(accountId, fields());
      expect(await profiles.insertIfMissing(accountId, fields({ name: 'Someone Else', gender: 'male' }))).toBeUndefined();
      expect(await profiles.find(accountId)).toMatchObject({ name: 'Ada Lovelace', gender: 'female' });
    });

    it('keeps the first of two concurrent inserts for one account, and neither fails', async () => {
      const accountId = randomUUID();
      const results = await Promise.all([
        db.transaction((tx) => profiles.insertIfMissing(accountId, fields({ name: 'First' }), tx as unknown as Db)),
        db.transaction((tx) => profiles.insertIfMissing(accountId, fields({ name: 'Second' }), tx as unknown as Db)),
      ]);
      const created = results.filter((row) => row !== undefined);
      expect(created).toHaveLength(1);
      expect((await profiles.find(accountId))?.name).toBe(created[0]?.name);
    });

    it('updates only the named parts of only that account’s profile, and moves its update time', async () => {
      const [mine, theirs] = [randomUUID(), randomUUID()];
      const before = await profiles.insertIfMissing(mine, fields());
      await profiles.insertIfMissing(theirs, fields({ name: 'Bob' }));
      const updated = await db.transaction((tx) => profiles.update(mine, { email: 'new@example.com', measurements: metric, favoriteBrands: ['Toteme'] }, tx as unknown as Db));

      expect(updated).toMatchObject({ name: 'Ada Lovelace', email: 'new@example.com', measurements: metric, favoriteBrands: ['Toteme'] });
      expect(updated.updatedAt.getTime()).toBeGreaterThan(before?.updatedAt.getTime() ?? Infinity);
      expect(await profiles.find(theirs)).toMatchObject({ name: 'Bob', email: 'ada@example.com', favoriteBrands: [] });
    });

    it('refuses to update a profile that does not exist', async () => {
      await expect(profiles.update(randomUUID(), { name: 'Ghost' })).rejects.toThrow('updated a profile that does not exist');
    });

    // PGlite has one connection, so only PostgreSQL has a second transaction to keep out.
    (mode === 'distributed' ? it : it.skip)('locks the profile it reads for update until the transaction ends, so two writes take turns', async () => {
      const accountId = randomUUID();
      await profiles.insertIfMissing(accountId, fields());
      const lockedOut = await db.transaction(async (tx) => {
        await profiles.findForUpdate(accountId, tx as unknown as Db);
        return db.transaction((other) => other.execute(sql`select 1 from profile.profiles where account_id = ${accountId} for update nowait`)).then(
          () => 'not locked',
          (error: unknown) => (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code,
        );
      });
      expect(lockedOut).toBe('55P03');
      await expect(db.transaction((tx) => tx.execute(sql`select 1 from profile.profiles where account_id = ${accountId} for update nowait`))).resolves.toBeDefined();
    });
  });

  describe('recent searches', () => {
    it('lists a user’s latest terms newest first, at most the number asked', async () => {
      const userId = randomUUID();
      for (const term of ['linen shirt', 'loafers', 'trench coat', 'wide-leg jeans']) await recent.save(userId, term);

      expect((await recent.listLatest(userId, 3)).map((row) => row.term)).toEqual(['wide-leg jeans', 'trench coat', 'loafers']);
      expect(await recent.listLatest(userId, 10)).toHaveLength(4);
    });

    it('orders searches made within the same clock tick as they were made', async () => {
      const userId = randomUUID();
      const terms = Array.from({ length: 20 }, (_, n) => `term ${String(19 - n).padStart(2, '0')}`); // later searches sort earlier by name
      // One transaction: now() is the same for every statement in it, the surest "same tick".
      await db.transaction(async (tx) => {
        for (const term of terms) await recent.save(userId, term, tx as unknown as Db);
      });

      expect((await recent.listLatest(userId, 20)).map((row) => row.term)).toEqual([...terms].reverse());
    });

    it('keeps one row per user and term: searching again moves the term to the front', async () => {
      const userId = randomUUID();
      const first = await recent.save(userId, 'loafers');
      await recent.save(userId, 'trench coat');
      const again = await recent.save(userId, 'loafers');

      const latest = await recent.listLatest(userId, 10);
      expect(latest.map((row) => row.term)).toEqual(['loafers', 'trench coat']);
      expect(again.searchedAt.getTime()).toBeGreaterThan(first.searchedAt.getTime());
    });

    it('shows each user only their own terms', async () => {
      const [ada, bob] = [randomUUID(), randomUUID()];
      await recent.save(ada, 'silk scarf');
      await recent.save(bob, 'hiking boots');

      expect((await recent.listLatest(ada, 3)).map((row) => row.term)).toEqual(['silk scarf']);
      expect(await recent.listLatest(randomUUID(), 3)).toEqual([]);
    });

    it('removes only the other letter-case spellings of a term, for that user only', async () => {
      const [ada, bob] = [randomUUID(), randomUUID()];
      for (const term of ['Linen Shirt', 'linen shirt', 'loafers']) await recent.save(ada, term);
      await recent.save(bob, 'LINEN SHIRT');
      await recent.removeOtherCasings(ada, 'LINEN shirt');

      expect((await recent.listLatest(ada, 10)).map((row) => row.term)).toEqual(['loafers']);
      expect((await recent.listLatest(bob, 10)).map((row) => row.term)).toEqual(['LINEN SHIRT']);
    });

    it('trims a user’s history to the newest terms, leaving other users alone', async () => {
      const [ada, bob] = [randomUUID(), randomUUID()];
      for (const term of ['one', 'two', 'three', 'four']) await recent.save(ada, term);
      await recent.save(bob, 'one');
      await recent.trim(ada, 2);

      expect((await recent.listLatest(ada, 10)).map((row) => row.term)).toEqual(['four', 'three']);
      expect((await recent.listLatest(bob, 10)).map((row) => row.term)).toEqual(['one']);
    });
  });

  describe('price alerts', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 8, minute));
    const inTx = <T>(work: (tx: Db) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Db));

    it('keeps the alert settings with the profile (off by default) and finds the savers whose alerts are on', async () => {
      const [on, off, none] = [randomUUID(), randomUUID(), randomUUID()];
      expect((await profiles.insertIfMissing(on, fields()))?.priceAlerts).toEqual({ enabled: false, minDropPercent: 10, rises: false });
      await profiles.insertIfMissing(off, fields());
      await profiles.update(on, { priceAlerts: { enabled: true, minDropPercent: 20, rises: true } });

      expect((await profiles.find(on))?.priceAlerts).toEqual({ enabled: true, minDropPercent: 20, rises: true });
      expect((await profiles.withAlertsEnabled([on, off, none])).map((row) => row.accountId)).toEqual([on]);
      expect(await profiles.withAlertsEnabled([])).toEqual([]);
    });

    it('records a batch of saves in one statement: a saver\'s repeated saves of a product keep the latest, as an earlier save does', async () => {
      const saved = new SavedProductsRepository(db);
      const [ada, grace, coat, scarf] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      await saved.recordSave(grace, scarf, at(9));
      await saved.recordSaves([
        { userId: ada, productId: coat, savedAt: at(2) },
        { userId: grace, productId: scarf, savedAt: at(4) },
        { userId: ada, productId: coat, savedAt: at(5) },
        { userId: ada, productId: coat, savedAt: at(3) },
        { userId: ada, productId: scarf, savedAt: at(1) },
      ]);
      await saved.recordSaves([]);
      expect((await saved.findActive(ada, coat))?.savedAt).toEqual(at(5));
      expect((await saved.findActive(ada, scarf))?.savedAt).toEqual(at(1));
      expect((await saved.findActive(grace, scarf))?.savedAt).toEqual(at(9));
    });

    it('counts a product saved while its latest save is newer than its latest removal, whichever event came first', async () => {
      const saved = new SavedProductsRepository(db);
      const [userId, productId, other] = [randomUUID(), randomUUID(), randomUUID()];
      await saved.recordRemoval(userId, productId, at(2));
      await saved.recordSave(userId, productId, at(1));
      expect(await saved.findActive(userId, productId)).toBeUndefined();
      await saved.recordSave(userId, productId, at(3));
      await saved.recordRemoval(userId, productId, at(1));
      expect(await saved.findActive(userId, productId)).toMatchObject({ userId, productId, savedAt: at(3), removedAt: at(2), targetPrice: null, dropReference: null, dropAlerted: false });
      await saved.recordSave(other, productId, at(1));

      await saved.setTarget(userId, productId, 79.5);
      await inTx((tx) => saved.updateStates(productId, [{ userId, state: { targetPrice: null, dropReference: 100, dropAlerted: true, riseReference: 85, riseAlerted: false, belowTargetAlerted: true } }], tx));
      const savers = await inTx((tx) => saved.activeSaversForUpdate(productId, tx));
      expect(savers.map((row) => [row.userId, row.targetPrice, row.dropReference, row.dropAlerted]).sort()).toEqual(
        [
          [userId, 79.5, 100, true],
          [other, null, null, false],
        ].sort(),
      );
      expect(await saved.listTargets(userId)).toEqual([{ productId, targetPrice: 79.5 }]);
      await inTx((tx) => saved.rearmAll(userId, tx));
      expect(await saved.findActive(userId, productId)).toMatchObject({ targetPrice: 79.5, dropReference: null, dropAlerted: false, riseReference: null, belowTargetAlerted: false });
    });

    it('writes many savers’ states in one go, nulls included, touching only that product’s rows', async () => {
      const saved = new SavedProductsRepository(db);
      const [productId, otherProduct] = [randomUUID(), randomUUID()];
      const users = [randomUUID(), randomUUID(), randomUUID()];
      for (const userId of users) {
        await saved.recordSave(userId, productId, at(1));
        await saved.recordSave(userId, otherProduct, at(1));
      }
      const armed = (reference: number | null, alerted: boolean) => ({ targetPrice: null, dropReference: reference, dropAlerted: alerted, riseReference: reference, riseAlerted: false, belowTargetAlerted: alerted });
      await inTx((tx) => saved.updateStates(productId, [{ userId: users[1]!, state: armed(90, true) }], tx));
      await inTx((tx) => saved.updateStates(productId, [{ userId: users[0]!, state: armed(100.5, true) }, { userId: users[1]!, state: armed(null, false) }], tx));
      await inTx((tx) => saved.updateStates(productId, [], tx));

      expect(await saved.findActive(users[0]!, productId)).toMatchObject({ dropReference: 100.5, dropAlerted: true, riseReference: 100.5, belowTargetAlerted: true });
      expect(await saved.findActive(users[1]!, productId)).toMatchObject({ dropReference: null, dropAlerted: false });
      expect(await saved.findActive(users[2]!, productId)).toMatchObject({ dropReference: null, dropAlerted: false });
      expect(await saved.findActive(users[0]!, otherProduct)).toMatchObject({ dropReference: null, dropAlerted: false });
    });

    it('keeps notifications newest first with the unread count, marks only the owner’s read, and keeps digests to one per user and day', async () => {
      const repository = new NotificationsRepository(db);
      const [ada, bob] = [randomUUID(), randomUUID()];
      const row = (userId: string, minute: number) => ({ id: randomUUID(), userId, kind: 'price-drop' as const, productId: randomUUID(), name: 'Wool coat', brand: 'COS', oldPrice: 100, newPrice: 85, currency: 'EUR', createdAt: at(minute), readAt: null, digestedAt: null });
      const rows = [row(ada, 1), row(ada, 3), row(ada, 2), row(bob, 1)];
      await inTx((tx) => repository.insertMany(rows, tx));

      expect((await repository.latest(ada, 2)).map((found) => found.createdAt)).toEqual([at(3), at(2)]);
      await repository.markRead(ada, [rows[0]!.id, rows[3]!.id], at(10));
      expect([await repository.countUnread(ada), await repository.countUnread(bob)]).toEqual([2, 1]);
      await repository.markRead(ada, undefined, at(11));
      expect([await repository.countUnread(ada), await repository.countUnread(bob)]).toEqual([0, 1]);

      expect(await repository.usersWithPendingLines()).toEqual(expect.arrayContaining([ada, bob]));
      const pending = await inTx((tx) => repository.pendingLinesForUpdate(ada, tx));
      expect(pending.map((line) => line.createdAt)).toEqual([at(1), at(2), at(3)]);
      expect(await inTx((tx) => repository.recordDigest({ userId: ada, day: 20_514, sentAt: at(20), items: 3 }, tx))).toBe(true);
      expect(await inTx((tx) => repository.recordDigest({ userId: ada, day: 20_514, sentAt: at(21), items: 1 }, tx))).toBe(false);
      expect(await repository.hasDigest(ada, 20_514)).toBe(true);
      expect(await repository.hasDigest(ada, 20_515)).toBe(false);
      await inTx((tx) => repository.markDigested(pending.map((line) => line.id), at(20), tx));
      expect(await repository.usersWithPendingLines()).not.toContain(ada);
      expect(await repository.listDigests(ada)).toEqual([{ userId: ada, day: 20_514, sentAt: at(20), items: 3 }]);

      expect(await repository.countForUser(ada)).toEqual({ notifications: 3, digests: 1 });
      await inTx((tx) => repository.deleteForUser(ada, tx));
      expect(await repository.countForUser(ada)).toEqual({ notifications: 0, digests: 0 });
      expect(await repository.countForUser(bob)).toEqual({ notifications: 1, digests: 0 });
    });
  });

  describe('a user’s data (export, erasure, counts)', () => {
    /** As the account's erasure does: both tables in one transaction. */
    const deleteAllOf = (userId: string) =>
      db.transaction(async (tx) => {
        await profiles.deleteForUser(userId, tx as unknown as Db);
        await recent.deleteForUser(userId, tx as unknown as Db);
      });

    it('lists every term kept for a user, newest first, past the home page’s few', async () => {
      const [ada, bob] = [randomUUID(), randomUUID()];
      const terms = Array.from({ length: 12 }, (_, n) => `term ${n}`);
      for (const term of terms) await recent.save(ada, term);
      await recent.save(bob, 'hiking boots');

      expect((await recent.listAll(ada)).map((row) => row.term)).toEqual([...terms].reverse());
      expect(await recent.listAll(randomUUID())).toEqual([]);
    });

    it('deletes the user’s profile and every search of theirs, and only theirs', async () => {
      const [ada, bob] = [randomUUID(), randomUUID()];
      for (const userId of [ada, bob]) {
        await profiles.insertIfMissing(userId, fields());
        for (const term of ['loafers', 'trench coat', 'silk scarf']) await recent.save(userId, term);
      }
      await deleteAllOf(ada);

      expect(await profiles.find(ada)).toBeUndefined();
      expect(await recent.listAll(ada)).toEqual([]);
      expect(await profiles.find(bob)).toMatchObject({ accountId: bob });
      expect(await recent.listAll(bob)).toHaveLength(3);
    });

    it('counts the rows held for a user, table by table: 0 once they are deleted', async () => {
      const [ada, bob] = [randomUUID(), randomUUID()];
      await profiles.insertIfMissing(ada, fields());
      await profiles.insertIfMissing(bob, fields());
      for (const term of ['loafers', 'trench coat', 'silk scarf', 'linen shirt']) await recent.save(ada, term);
      await recent.save(bob, 'loafers');

      expect([await profiles.countForUser(ada), await recent.countForUser(ada)]).toEqual([1, 4]);
      await deleteAllOf(ada);
      expect([await profiles.countForUser(ada), await recent.countForUser(ada)]).toEqual([0, 0]);
      expect([await profiles.countForUser(bob), await recent.countForUser(bob)]).toEqual([1, 1]);
    });

    it('keeps an erased account erased: a registration event delivered after the erasure creates no profile', async () => {
      const privacy = new PrivacyService(profiles, recent, new SavedProductsRepository(db), new NotificationsRepository(db), new ErasedAccounts(erasedAccounts));
      const [erased, other] = [randomUUID(), randomUUID()];
      await db.transaction((tx) => privacy.accountDeleted(erased, tx as unknown as Db));

      for (const userId of [erased, other]) {
        await db.transaction((tx) => privacy.unlessErased(userId, tx as unknown as Db, async () => void (await profiles.insertIfMissing(userId, fields(), tx as unknown as Db))));
      }

      expect(await profiles.find(erased)).toBeUndefined();
      expect(await profiles.find(other)).toMatchObject({ accountId: other });
    });

    it('asks once a batch: after erasedAmong, each event’s isErased in that transaction needs no query; another transaction asks again', async () => {
      const accounts = new ErasedAccounts(erasedAccounts);
      const [erased, kept] = [randomUUID(), randomUUID()];
      await db.transaction((tx) => accounts.markErased(erased, new Date(), tx as unknown as Db));
      const queriesOf = (tx: Db) => ({ execute: jest.spyOn(tx, 'execute'), select: jest.spyOn(tx, 'select') });

      await db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        expect(await accounts.erasedAmong([erased, kept, kept], tx)).toEqual(new Set([erased]));
        const queries = queriesOf(tx);
        expect([await accounts.isErased(erased, tx), await accounts.isErased(kept, tx)]).toEqual([true, false]);
        expect(queries.execute).not.toHaveBeenCalled();
        expect(queries.select).not.toHaveBeenCalled();
      });
      await db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        const queries = queriesOf(tx);
        expect([await accounts.isErased(erased, tx), await accounts.isErased(kept, tx)]).toEqual([true, false]);
        expect(queries.execute).toHaveBeenCalledTimes(2);
        // Erased within this transaction: its own later events see it at once.
        await accounts.markErased(kept, new Date(), tx);
        expect(await accounts.isErased(kept, tx)).toBe(true);
      });
    });
  });
});
