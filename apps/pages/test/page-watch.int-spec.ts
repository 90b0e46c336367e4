import { join } from 'node:path';
import { productIdFor } from '@closetly/catalogue-rules';
import type { Capture, PagesProductObserved } from '@closetly/contracts';
import { buildEnvelope, type Db, EventInbox, migrateService, OutboxWriter, type OutboxRelay, pageFetcherFromConfig, UnitOfWork } from '@closetly/server';
import { type AdapterTestDatabase, capture, deadLetterRecorder, gate, openAdapterTestDatabase, pollUntil, type RetailerSite, startRetailerSite, transactionsWaitingForLocks, zaraProductPage } from '@closetly/testing';
import { eq } from 'drizzle-orm';
import { loadPagesConfig } from '../src/config';
import { hostLeases, outbox, pageSavers, pagesPlatformTables, productPages } from '../src/db/schema';
import { REFRESH_MS } from '../src/page-watch-cadence';
import { PagesConsumer } from '../src/pages.consumer';
import { PagesRepository } from '../src/pages.repository';
import { PagesService, REREAD_GAP_MS } from '../src/pages.service';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');
const ADMIN = { uid: 'admin-1', sid: 's-1', roles: ['admin'] };

/**
 * Page watch on the real engines (PGlite and PostgreSQL): captures through
 * the real inbox, the repository's claims, and reads through the real
 * PageFetcher from a local Zara (OUTBOUND_TEST_HOSTS), each read's event in
 * the outbox table beside its bookkeeping.
 */
describe.each(['embedded', 'distributed'] as const)('page watch (%s)', (mode) => {
  let database: AdapterTestDatabase | undefined;
  let db: Db;
  let repository: PagesRepository;
  let site: RetailerSite;
  let service: PagesService;
  let slug = 0;

  const saved = (productId: string, saver: string, saved: Capture, capturedAt = new Date()) =>
    buildEnvelope('wardrobe.item-saved.v1', productId, { userId: saver, productId, savedAt: capturedAt.toISOString(), capturedAt: capturedAt.toISOString(), capture: saved });
  const consumer = () => new PagesConsumer(new EventInbox('pages', db, pagesPlatformTables, deadLetterRecorder().transport), service);
  const observed = async (productId: string): Promise<PagesProductObserved[]> =>
    (await db.select({ envelope: outbox.envelope }).from(outbox).where(eq(outbox.key, productId)).orderBy(outbox.id)).map(({ envelope }) => (envelope as { payload: PagesProductObserved }).payload);
  /** A new product page on the local Zara, with its capture. */
  const zaraPage = (name: string, etag?: string) => {
    slug += 1;
    const path = `/us/en/${mode}-coat-p0${slug}.html`;
    const url = `https://www.zara.com${path}`;
    site.pages.set(path, { status: 200, body: zaraProductPage({ url, name, price: 129, imageUrl: 'https://static.zara.net/photos/coat.jpg', description: 'A coat.' }), ...(etag ? { etag } : {}) });
    const theirs = capture({ sourceUrl: url, name, brand: 'Zara' });
    return { path, url, capture: theirs, productId: productIdFor(theirs.productKey) };
  };

  beforeAll(async () => {
    site = await startRetailerSite();
    database = await openAdapterTestDatabase(mode, { prefix: 'closetly_pages', poolSize: 4 });
    db = database.db;
    await migrateService(database.connection, db, 'pages', MIGRATIONS);
    repository = new PagesRepository(db);
    const config = loadPagesConfig({ NODE_ENV: 'test', PAGE_WATCH: 'test-hosts', OUTBOUND_TEST_HOSTS: `www.zara.com=${site.address}`, PAGE_WATCH_PACE_MS: '100', PUBLIC_URL: 'https://closetly.test' });
    service = new PagesService(repository, new UnitOfWork(db, { kick: () => undefined } as unknown as OutboxRelay), new OutboxWriter(pagesPlatformTables), pageFetcherFromConfig(config), config);
  });
  afterAll(async () => {
    await database?.close();
    await site?.close();
  });

  it('learns a page once per event, reads it, and writes what it showed to the outbox with the read', async () => {
    const page = zaraPage('WOOL BLEND COAT', '"coat-v1"');
    const event = saved(page.productId, 'ada', { ...page.capture, name: 'TAMPERED' });
    await consumer().onItemsSaved([event]);
    await consumer().onItemsSaved([event]);
    expect(await repository.find(page.productId)).toMatchObject({ url: page.url, captureName: 'TAMPERED', lastReadAt: null });

    const result = await service.runNow(ADMIN);
    expect(result).toMatchObject({ products: 1 });
    expect(await observed(page.productId)).toEqual([
      expect.objectContaining({ outcome: 'product', url: page.url, page: expect.objectContaining({ sourceUrl: page.url, name: 'WOOL BLEND COAT', brand: 'Zara', price: 129, currency: 'USD' }) }),
    ]);
    const read = await repository.find(page.productId);
    expect(read).toMatchObject({ lastOutcome: 'product', etag: '"coat-v1"', readName: 'WOOL BLEND COAT', readPrice: 129, host: 'www.zara.com', savers: 1 });
    // The next read on the refresh cadence: a day after this one.
    expect(read?.dueAt).toEqual(new Date((read?.lastReadAt as Date).getTime() + REFRESH_MS));
    expect(site.requests.filter((request) => request.path === page.path)).toEqual([
      { path: page.path, userAgent: 'Closetly-PageWatch/1.0 (+https://closetly.test/about)', ifNoneMatch: undefined },
    ]);
  });

  it('asks again with the stored validator and publishes nothing for an unchanged page', async () => {
    const page = zaraPage('RIBBED KNIT DRESS', '"dress-v1"');
    await consumer().onItemsSaved([saved(page.productId, 'ada', page.capture)]);
    await service.runNow(ADMIN);
    await db.update(productPages).set({ dueAt: new Date() }).where(eq(productPages.productId, page.productId));

    await expect(service.runNow(ADMIN)).resolves.toMatchObject({ notModified: 1 });
    expect(site.requests.filter((request) => request.path === page.path).map((request) => request.ifNoneMatch)).toEqual([undefined, '"dress-v1"']);
    expect(await observed(page.productId)).toHaveLength(1);
    expect(await repository.find(page.productId)).toMatchObject({ lastOutcome: 'not-modified', readName: 'RIBBED KNIT DRESS', unchangedReads: 1 });
  });

  it('records an unreadable page with its reason: a page that is gone, a host nobody mapped', async () => {
    const gone = zaraPage('GONE JACKET');
    site.pages.delete(gone.path);
    const elsewhere = capture({ sourceUrl: `https://www.asos.com/p/${mode}-jumper/${slug}`, name: 'Cable Knit Jumper', brand: 'COS' });
    const elsewhereId = productIdFor(elsewhere.productKey);
    await consumer().onItemsSaved([saved(gone.productId, 'ada', gone.capture)]);
    await consumer().onItemsSaved([saved(elsewhereId, 'ada', elsewhere)]);

    await expect(service.runNow(ADMIN)).resolves.toMatchObject({ read: 2, unreadable: 2 });
    expect(await observed(gone.productId)).toEqual([expect.objectContaining({ outcome: 'unreadable', reason: 'http-status' })]);
    expect(await observed(elsewhereId)).toEqual([expect.objectContaining({ outcome: 'unreadable', reason: 'not-a-test-host' })]);
  });

  it('never lets two runs claim one page', async () => {
    const page = zaraPage('TWEED BLAZER');
    await consumer().onItemsSaved([saved(page.productId, 'ada', page.capture)]);
    const now = new Date();
    const lease = new Date(now.getTime() + 60_000);
    const hosts = ['www.zara.com'];
    const [first, second] = await Promise.all([repository.claimDue(now, 10, lease, hosts), repository.claimDue(now, 10, lease, hosts)]);
    const claims = [...(first ?? []), ...(second ?? [])].filter((row) => row.productId === page.productId);
    expect(claims).toHaveLength(1);
    expect(claims[0]?.dueAt).toEqual(lease);
    expect(await repository.claimDue(now, 10, lease, hosts)).toEqual([]);
  });

  it('never lets two workers lease one host at once; a released or lapsed lease frees it', async () => {
    await db.delete(hostLeases);
    const pages = ['www.zara.com', 'www.cos.com', 'www.arket.com', 'www.asos.com'].map((host, index) => {
      const theirs = capture({ sourceUrl: `https://${host}/${mode}/lease-${index}-p0${slug}.html`, name: `Lease ${index}`, brand: 'Zara' });
      return { productId: productIdFor(theirs.productKey), capture: theirs };
    });
    for (const page of pages) await consumer().onItemsSaved([saved(page.productId, 'ada', page.capture)]);
    const now = new Date(Date.now() + 1000);
    const lease = new Date(now.getTime() + 60_000);
    const leased = await Promise.all(['worker-a', 'worker-b', 'worker-c'].map((worker) => repository.leaseHosts(worker, now, lease, 2)));
    const all = leased.flat();
    // Each host with due pages is held by at most one worker, and every one is held by someone.
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(['www.zara.com', 'www.cos.com', 'www.arket.com', 'www.asos.com']));
    expect(leased.every((hosts) => hosts.length <= 2)).toBe(true);

    const holderOfZara = ['worker-a', 'worker-b', 'worker-c'][leased.findIndex((hosts) => hosts.includes('www.zara.com'))] as string;
    expect(await repository.leaseHosts('worker-d', now, lease, 10)).not.toContain('www.zara.com');
    // The holder renews its own lease; a lapsed lease is anyone's.
    expect(await repository.leaseHosts(holderOfZara, now, lease, 10)).toContain('www.zara.com');
    expect(await repository.leaseHosts('worker-d', new Date(lease.getTime() + 1), new Date(lease.getTime() + 60_000), 10)).toContain('www.zara.com');
    await repository.releaseHosts('worker-d', ['www.zara.com', 'www.cos.com', 'www.arket.com', 'www.asos.com']);
    expect(await repository.leaseHosts('worker-e', now, lease, 10)).toContain('www.zara.com');
    await db.delete(hostLeases);
  });

  it('counts each active saver once, forgets removed and erased ones, and reads a page nobody saves no more', async () => {
    const page = zaraPage('SAVERS COAT');
    const ada = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const grace = '7c9e6679-7425-40de-944b-e07fc1f90ae8';
    await consumer().onItemsSaved([saved(page.productId, ada, page.capture), saved(page.productId, grace, page.capture), saved(page.productId, ada, page.capture)]);
    expect(await repository.find(page.productId)).toMatchObject({ savers: 2 });
    await consumer().onItemsRemoved([buildEnvelope('wardrobe.item-removed.v1', page.productId, { userId: grace, productId: page.productId, removedAt: new Date().toISOString() })]);
    expect(await repository.find(page.productId)).toMatchObject({ savers: 1 });
    await consumer().onAccountDeleted(buildEnvelope('identity.account-deleted.v1', ada, { userId: ada }));
    expect(await repository.find(page.productId)).toMatchObject({ savers: 0, dueAt: null });
    expect(await db.$count(pageSavers, eq(pageSavers.userId, ada))).toBe(0);
    // A save of theirs arriving after the deletion changes nothing.
    await consumer().onItemsSaved([saved(page.productId, ada, page.capture)]);
    expect(await repository.find(page.productId)).toMatchObject({ savers: 0 });
  });

  (mode === 'distributed' ? it : it.skip)('a removal waiting on a batch of saves of the same saver finishes after it, with no deadlock (rows taken page first)', async () => {
    const page = zaraPage('LOCK ORDER COAT');
    const ada = '7c9e6679-7425-40de-944b-e07fc1f90ab1';
    await consumer().onItemsSaved([saved(page.productId, ada, page.capture, new Date(Date.now() - 60_000))]);
    const [holding, release] = [gate(), gate()];
    // The batch holds the page's row and waits before it records its savers.
    const counted = jest.spyOn(repository, 'countSaversOf').mockImplementationOnce(async (...args) => {
      holding.open();
      await release.opened;
      return PagesRepository.prototype.countSaversOf.apply(repository, args);
    });
    // A deadlock would abort one of the two, which the inbox then applies again: each must run exactly once.
    const [saves, removals] = [jest.spyOn(repository, 'recordSaves'), jest.spyOn(repository, 'recordRemoval')];
    const batch = consumer().onItemsSaved([saved(page.productId, ada, page.capture, new Date(Date.now() - 30_000))]);
    await holding.opened;
    const removal = consumer().onItemsRemoved([buildEnvelope('wardrobe.item-removed.v1', page.productId, { userId: ada, productId: page.productId, removedAt: new Date().toISOString() })]);
    await pollUntil(() => transactionsWaitingForLocks(db), (waiting) => waiting > 0, { timeoutMs: 5000, what: 'the removal to wait for the batch' });
    release.open();
    await Promise.all([batch, removal]);
    expect([saves.mock.calls.length, removals.mock.calls.length]).toEqual([1, 1]);
    for (const spy of [counted, saves, removals]) spy.mockRestore();
    expect(await repository.find(page.productId)).toMatchObject({ savers: 0, dueAt: null });
  });

  it('a batch of saves ends as the same saves one at a time: page rows, due times, savers (read and unread pages, a removal, late and repeated saves)', async () => {
    const users = ['7c9e6679-7425-40de-944b-e07fc1f90a01', '7c9e6679-7425-40de-944b-e07fc1f90a02', '7c9e6679-7425-40de-944b-e07fc1f90a03'];
    const t0 = Date.now() - 60_000;
    const at = (ms: number) => new Date(t0 + ms);
    /** Two sides of the same history, on pages of their own: the one side's events are consumed one at a time, the other's in one batch. */
    const side = async (name: string) => {
      const pages = [1, 2, 3].map((n) => zaraPage(`${name} COAT ${n}`));
      const [read, left] = pages as [(typeof pages)[number], (typeof pages)[number], (typeof pages)[number]];
      // Page 1 read as another coat; page 2 read, then left by its only saver.
      await consumer().onItemsSaved([saved(read.productId, users[0] as string, read.capture, at(-50_000)), saved(left.productId, users[1] as string, left.capture, at(-50_000))]);
      await consumer().onItemsRemoved([buildEnvelope('wardrobe.item-removed.v1', left.productId, { userId: users[1] as string, productId: left.productId, removedAt: at(-40_000).toISOString() })]);
      await db.update(productPages).set({ lastReadAt: at(-30_000), lastOutcome: 'product', readName: 'ANOTHER COAT', readBrand: 'Zara', dueAt: at(86_400_000) }).where(eq(productPages.productId, read.productId));
      await db.update(productPages).set({ lastReadAt: at(-30_000), lastOutcome: 'product', readName: `${name} COAT 2`, readBrand: 'Zara', dueAt: null }).where(eq(productPages.productId, left.productId));
      const events = [
        [2, 1, 2_000],
        [0, 2, 1_000],
        [2, 0, 3_000],
        [0, 0, 500],
        [1, 1, 4_000],
        [2, 2, 1_500],
        [0, 1, 2_500],
        [1, 1, 3_500],
        [2, 0, 2_800],
      ].map(([page, user, ms]) => {
        const target = pages[page as number] as (typeof pages)[number];
        return saved(target.productId, users[user as number] as string, { ...target.capture, name: (ms as number) % 1_000 === 0 ? 'TAMPERED' : target.capture.name }, at(ms as number));
      });
      return { pages, events };
    };
    const state = async (pages: ReadonlyArray<{ productId: string }>) =>
      Promise.all(
        pages.map(async ({ productId }) => {
          const { productId: _id, url: _url, captureName, readName: _read, createdAt: _created, ...row } = (await repository.find(productId)) as NonNullable<Awaited<ReturnType<PagesRepository['find']>>>;
          const rows = await db.select({ userId: pageSavers.userId, savedAt: pageSavers.savedAt, removedAt: pageSavers.removedAt }).from(pageSavers).where(eq(pageSavers.productId, productId)).orderBy(pageSavers.userId);
          // Each side's names are its own (ALONE, BATCHED): compared is whether the latest capture was the tampered one.
          return { ...row, tampered: captureName === 'TAMPERED', savers: rows };
        }),
      );

    const oneByOne = await side('ALONE');
    for (const event of oneByOne.events) await consumer().onItemsSaved([event]);
    const batched = await side('BATCHED');
    await consumer().onItemsSaved(batched.events);
    const expected = await state(oneByOne.pages);
    expect(expected.map((page) => page.savers.length)).toEqual([3, 1, 3]);
    // Page 1 disagreed with the captures, page 2 came back on the cadence and then disagreed once (not sooner than REREAD_GAP_MS
    // after the read), page 3 is due from its first capture.
    expect(expected.map((page) => page.dueAt)).toEqual([at(-30_000 + REREAD_GAP_MS), at(-30_000 + REREAD_GAP_MS), at(2_000)]);
    expect(await state(batched.pages)).toEqual(expected);
  });
});
