import { join } from 'node:path';
import { type Db, migrateService } from '@closetly/server';
import { type AdapterTestDatabase, openAdapterTestDatabase } from '@closetly/testing';
import { count } from 'drizzle-orm';
import { outbox } from '../src/db/schema';
import { type FakeRetailer, startFakeRetailer } from './support/fake-retailer';
import {
  defaultPace,
  makeEveryPageDueUnread,
  makeEveryPageDueKnown,
  paceBound,
  perHour,
  referencePass,
  requestsPerPace,
  refreshPass,
  refreshWorker,
  scheduleBound,
  seedRetailerPages,
} from './support/refresh-capacity';

const MIGRATIONS = join(__dirname, '..', 'src', 'db', 'migrations');
const PAGES = 50;
const HOSTS = 2;

/**
 * The refresh capacity bench's harness on a few pages (the bench itself,
 * `BENCH_ONLY=page-watch npm run bench`, reads 10,000): two replicas over one
 * PostgreSQL database read every page of the fake retailer exactly once, a
 * second pass asks each conditionally and gets 304s, and the reference client
 * reads the same pages. Time-boxed passes are given far more time than they
 * need, so every pass here ends because nothing is left due.
 */
describe('refresh capacity harness', () => {
  let database: AdapterTestDatabase | undefined;
  let db: Db;
  let retailer: FakeRetailer;

  beforeAll(async () => {
    retailer = await startFakeRetailer({ hosts: HOSTS, pages: PAGES, pageBytes: 8 * 1024 });
    database = await openAdapterTestDatabase('distributed', { prefix: 'closetly_pages_capacity', poolSize: 4 });
    db = database.db;
    await migrateService(database.connection, db, 'pages', MIGRATIONS);
    await seedRetailerPages(db, retailer);
  });
  afterAll(async () => {
    await database?.close();
    await retailer?.close();
  });

  it('two replicas read every page exactly once, each its own pace, and the numbers add up', async () => {
    const [first, second] = await Promise.all([0, 1].map(() => refreshPass(refreshWorker(db, { testHosts: retailer.testHosts, paceMs: 0 }), 60)));
    const passes = [first, second].filter((pass) => pass !== undefined);
    expect(passes.reduce((sum, pass) => sum + pass.read, 0)).toBe(PAGES);
    expect(passes.reduce((sum, pass) => sum + pass.products, 0)).toBe(PAGES);
    expect([...retailer.reads]).toEqual(Array.from({ length: PAGES }, () => 1));
    for (const pass of passes) {
      expect(pass.seconds).toBeGreaterThan(0);
      expect(Number.isFinite(pass.cpuMs)).toBe(true);
    }
    const stats = retailer.stats();
    expect(stats.map((host) => host.pages)).toEqual([PAGES / HOSTS, PAGES / HOSTS]);
    expect(stats.every((host) => host.robots >= 1 && host.bytes > 8 * 1024 * host.pages * 0.9)).toBe(true);
    expect(await db.select({ observed: count() }).from(outbox)).toEqual([{ observed: PAGES }]);
  });

  it('a pass over known pages asks each with its ETag and is answered 304, publishing nothing', async () => {
    expect(await makeEveryPageDueKnown(db, retailer)).toBe(PAGES);
    retailer.resetStats();
    const pass = await refreshPass(refreshWorker(db, { testHosts: retailer.testHosts, paceMs: 0 }), 60);
    expect(pass).toMatchObject({ read: PAGES, notModified: PAGES, products: 0, unreadable: 0 });
    expect([...retailer.reads]).toEqual(Array.from({ length: PAGES }, () => 1));
    expect(retailer.stats().reduce((sum, host) => sum + host.notModified, 0)).toBe(PAGES);
  });

  it('the reference reads the same pages, in full and conditionally', async () => {
    retailer.resetStats();
    const listeners = retailer.listeners;
    expect(await referencePass({ hosts: HOSTS, pages: PAGES, listeners }, { conditional: false, seconds: 60 })).toMatchObject({ pages: PAGES, notModified: 0 });
    expect(await referencePass({ hosts: HOSTS, pages: PAGES, listeners }, { conditional: true, seconds: 60 })).toMatchObject({ pages: 0, notModified: PAGES });
    expect([...retailer.reads]).toEqual(Array.from({ length: PAGES }, () => 2));
    expect(retailer.stats().map((host) => host.maxInFlight)).toEqual([1, 1]);
  });

  it('a first-read pass after a reset reads each page in full again; the projections and the politeness measure hold their shape', async () => {
    await makeEveryPageDueUnread(db);
    retailer.resetStats();
    const pass = await refreshPass(refreshWorker(db, { testHosts: retailer.testHosts, paceMs: 0 }), 60);
    expect(pass).toMatchObject({ read: PAGES, products: PAGES, notModified: 0 });
    const { paceMs, batch, intervalMs } = defaultPace();
    expect(paceMs).toBeGreaterThan(0);
    // Twice the hosts, twice the pages; twice the pace, half of them; the schedule off bounds nothing.
    expect(paceBound(16, paceMs)).toBe(2 * paceBound(8, paceMs));
    expect(paceBound(8, 2 * paceMs)).toBe(paceBound(8, paceMs) / 2);
    expect(perHour(paceBound(1, 1_000))).toBe(3_600);
    expect(Number.isFinite(scheduleBound(batch, intervalMs))).toBe(intervalMs > 0);
    expect(scheduleBound(batch, 0)).toBe(Infinity);
    // A host read at the pace (a jittered arrival or two aside), and one read by two replicas each at the pace.
    expect(requestsPerPace({ pages: 5, notModified: 0, robots: 1, firstAt: 0, lastAt: 10_030 }, 2_000)).toBeCloseTo(0.997, 3);
    expect(requestsPerPace({ pages: 10, notModified: 0, robots: 2, firstAt: 0, lastAt: 10_010 }, 2_000)).toBeCloseTo(2.198, 3);
    expect(requestsPerPace({ pages: 1, notModified: 0, robots: 0, firstAt: 5, lastAt: 5 }, 2_000)).toBe(0);
  });
});
