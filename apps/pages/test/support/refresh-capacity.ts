import { Agent, request } from 'node:http';
import { productIdFor } from '@closetly/catalogue-rules';
import { type Db, OutboxWriter, type OutboxRelay, pageFetcherFromConfig, UnitOfWork } from '@closetly/server';
import { capture } from '@closetly/testing';
import { sql } from 'drizzle-orm';
import { loadPagesConfig, pageWatchIntervalMs } from '../../src/config';
import { pagesPlatformTables } from '../../src/db/schema';
import { PagesRepository } from '../../src/pages.repository';
import { PagesService } from '../../src/pages.service';
import { type FakeRetailer, type HostStats, retailerPage } from './fake-retailer';

/**
 * The refresh capacity harness (issue 25, "Stated capacity"): the page-watch
 * worker reading a fake retailer's pages from a database they were seeded
 * into, and the reference it is compared with, a plain keep-alive client
 * reading the same pages. `scripts/bench-page-watch.ts` runs it in worker
 * processes (replicas over one PostgreSQL database);
 * `refresh-capacity.int-spec.ts` runs it in this process on a few pages, so
 * it cannot rot unnoticed.
 *
 * A worker here is what a page-watch replica is: its own PagesService with
 * its own fetcher (so its own pace per host), reading due pages batch after
 * batch (`runScheduled`, PAGE_WATCH_BATCH pages each) with nothing between
 * them, which is what the pace allows rather than what the schedule's
 * interval asks (see `defaultPace` for both).
 */

/** The page-watch settings a deployment runs with when nothing is set (read from its config, not restated). */
export function defaultPace(): { paceMs: number; batch: number; intervalMs: number } {
  const config = loadPagesConfig({ NODE_ENV: 'production' });
  return { paceMs: config.PAGE_WATCH_PACE_MS, batch: config.PAGE_WATCH_BATCH, intervalMs: pageWatchIntervalMs(config) };
}

/**
 * The retailer's pages as page watch learns them, through its own door: a
 * saver's capture of each (PagesService.captureSaved, as the consumer calls
 * it), 500 to a transaction, so a page's row is whatever that path makes.
 * Page i was captured earliest when i is lowest, so claims take the pages in
 * order and a batch spreads over the hosts (page i is on host i % hosts).
 */
export async function seedRetailerPages(db: Db, retailer: Pick<FakeRetailer, 'pageCount' | 'page'>, now = Date.now()): Promise<void> {
  const CHUNK = 500;
  const service = refreshWorker(db, { testHosts: '' });
  const uow = new UnitOfWork(db, { kick: () => undefined } as unknown as OutboxRelay);
  for (let offset = 0; offset < retailer.pageCount; offset += CHUNK) {
    await uow.run(async (tx) => {
      for (let index = offset; index < Math.min(offset + CHUNK, retailer.pageCount); index += 1) {
        const page = retailer.page(index);
        const saved = capture({ sourceUrl: page.url, name: page.name, brand: page.brand, price: page.price, currency: 'EUR', priceText: `€${page.price.toFixed(2)}` });
        const at = new Date(now - (retailer.pageCount - index) * 10);
        await service.captureSaved({ productId: productIdFor(saved.productKey), userId: 'bench-saver', capture: saved, capturedAt: at, savedAt: at }, tx);
      }
    });
  }
  await db.execute(sql`analyze pages.product_pages`);
}

/** Every page due and never read: the next pass reads each in full (a first read). */
export async function makeEveryPageDueUnread(db: Db): Promise<void> {
  await db.execute(sql`update pages.product_pages set due_at = captured_at, etag = null, last_modified = null, last_read_at = null, last_outcome = null, read_name = null, read_brand = null`);
}

/**
 * Every page due again as if it had been read before, with the ETag the
 * retailer gives it: the next pass asks each conditionally (the steady state
 * of a refresh, where most pages have not changed). How many.
 */
export async function makeEveryPageDueKnown(db: Db, retailer: Pick<FakeRetailer, 'pageCount' | 'page'>): Promise<number> {
  let known = 0;
  for (let offset = 0; offset < retailer.pageCount; offset += 2_000) {
    const pages = Array.from({ length: Math.min(2_000, retailer.pageCount - offset) }, (_, k) => retailer.page(offset + k));
    const values = sql.join(
      pages.map((page) => sql`(${page.url}, ${page.etag}, ${page.name}, ${page.brand})`),
      sql`, `,
    );
    const rows = await db.execute(sql`
      update pages.product_pages p set due_at = p.captured_at, etag = v.etag, last_modified = null, last_read_at = p.captured_at, last_outcome = 'product', read_name = v.name, read_brand = v.brand
      from (values ${values}) as v(url, etag, name, brand) where p.url = v.url returning p.product_id`);
    known += rowCount(rows);
  }
  return known;
}

function rowCount(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  const { rows } = result as { rows?: unknown[] };
  return rows?.length ?? 0;
}

export interface RefreshPass {
  read: number;
  products: number;
  notModified: number;
  unreadable: number;
  /** From the first claim to the end of the last batch. */
  seconds: number;
  /** CPU time of this process meanwhile (meaningful when the worker is alone in its process). */
  cpuMs: number;
}

export interface RefreshWorkerOptions {
  /** OUTBOUND_TEST_HOSTS: the fake retailer's hosts. */
  testHosts: string;
  /** The pace per host; the default pace when absent. 0: none (one request at a time per host still). */
  paceMs?: number;
}

/** One page-watch replica: a PagesService of its own over `db`, with its own fetcher. */
export function refreshWorker(db: Db, { testHosts, paceMs }: RefreshWorkerOptions): PagesService {
  const config = loadPagesConfig({ NODE_ENV: 'test', PAGE_WATCH: 'test-hosts', OUTBOUND_TEST_HOSTS: testHosts, PUBLIC_URL: 'https://closetly.test' });
  const fetcher = pageFetcherFromConfig(config, paceMs === undefined ? {} : { paceMs });
  const uow = new UnitOfWork(db, { kick: () => undefined } as unknown as OutboxRelay);
  return new PagesService(new PagesRepository(db), uow, new OutboxWriter(pagesPlatformTables), fetcher, config);
}

/** Batch after batch until nothing is due or `seconds` have passed (the batch under way is finished). */
export async function refreshPass(worker: Pick<PagesService, 'runScheduled'>, seconds: number): Promise<RefreshPass> {
  const pass: RefreshPass = { read: 0, products: 0, notModified: 0, unreadable: 0, seconds: 0, cpuMs: 0 };
  const cpu = process.cpuUsage();
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const batch = await worker.runScheduled();
    if (batch.read === 0) break;
    pass.read += batch.read;
    pass.products += batch.products;
    pass.notModified += batch.notModified;
    pass.unreadable += batch.unreadable;
  }
  pass.seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  pass.cpuMs = (used.user + used.system) / 1000;
  return pass;
}

export interface ReferencePass {
  pages: number;
  notModified: number;
  seconds: number;
  cpuMs: number;
}

/**
 * The retailer's own ceiling: a plain keep-alive client reading its pages
 * with what the fetcher allows each host, one request at a time, every host at
 * once, nothing between requests, the body read and dropped. `conditional`
 * sends each page's ETag (the retailer answers 304). At most `seconds`, from
 * the first pages of each host.
 */
export async function referencePass(
  retailer: { hosts: number; pages: number; listeners: ReadonlyMap<string, { address: string; port: number }> },
  { conditional, seconds }: { conditional: boolean; seconds: number },
): Promise<ReferencePass> {
  const pass: ReferencePass = { pages: 0, notModified: 0, seconds: 0, cpuMs: 0 };
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: retailer.hosts }, async (_, n) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let index = n; index < retailer.pages && performance.now() < deadline; index += retailer.hosts) {
          const page = retailerPage(index, retailer.hosts);
          const listener = retailer.listeners.get(page.host);
          if (!listener) throw new Error(`${page.host} has no listener`);
          const status = await get(agent, listener, page.host, page.path, conditional ? page.etag : undefined);
          if (status === 304) pass.notModified += 1;
          else if (status === 200) pass.pages += 1;
          else throw new Error(`${page.url} answered ${status}`);
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  pass.seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  pass.cpuMs = (used.user + used.system) / 1000;
  return pass;
}

function get(agent: Agent, listener: { address: string; port: number }, host: string, path: string, etag: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ agent, host: listener.address, port: listener.port, path, headers: { host, accept: 'text/html', ...(etag ? { 'if-none-match': etag } : {}) } }, (response) => {
      response.on('data', () => undefined);
      response.once('end', () => resolve(response.statusCode ?? 0));
      response.once('error', reject);
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}

/** Pages an hour at `perSecond`. */
export const perHour = (perSecond: number): number => perSecond * 3_600;

/** What the pace alone allows: each host read once per pace, every host at once. Pages a second. */
export const paceBound = (hosts: number, paceMs: number): number => (hosts * 1_000) / paceMs;

/** What the schedule allows one worker: a batch per interval. Pages a second (Infinity with the schedule off). */
export const scheduleBound = (batch: number, intervalMs: number): number => (intervalMs === 0 ? Infinity : (batch * 1_000) / intervalMs);

/**
 * A host's requests (robots.txt included) per pace over a pass: 1 when one
 * replica reads it at the pace, about 2 when two replicas read it at once. The
 * rate over the whole pass, not the least gap, since arrivals jitter on a busy
 * machine. 0 below two requests.
 */
export function requestsPerPace(host: Pick<HostStats, 'pages' | 'notModified' | 'robots' | 'firstAt' | 'lastAt'>, paceMs: number): number {
  const requests = host.pages + host.notModified + host.robots;
  return requests < 2 ? 0 : ((requests - 1) * paceMs) / (host.lastAt - host.firstAt);
}
