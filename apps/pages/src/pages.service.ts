import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { nameBrandKey, webUrl } from '@closetly/catalogue-rules';
import { type Caller, type Capture, ObservedPage, type PageWatchRunResult, type PagesProductObserved, type WardrobeItemSaved } from '@closetly/contracts';
import { extractProduct, type ExtractedProduct } from '@closetly/product-extraction';
import { type Db, OutboxWriter, type PageFetcher, type PageFetchOutcome, type PageUnreadableReason, pageWatchMode, UnitOfWork } from '@closetly/server';
import { PAGES_CONFIG, type PagesConfig } from './config';
import type { PageReadOutcome } from './db/schema';
import { pageAddress } from './page-address';
import { GONE_AFTER_READS, GONE_CONFIRM_MS, isGoneStatus, nextRefresh } from './page-watch-cadence';
import { PagesError } from './pages.errors';
import { type ProductPageChanges, type ProductPageRow, PagesRepository, saverKey, type SaverRow } from './pages.repository';

/** The fetcher page watch reads through (PageFetcher; tests give their own). */
export const PAGE_FETCHER = Symbol('PAGE_FETCHER');
export type PageReader = Pick<PageFetcher, 'fetch'>;

/**
 * The least extractor confidence for a page to speak for its product. The
 * page decides what every shopper sees, so a page must show a product, not
 * merely a title: a structured product (JSON-LD, microdata) with its name and
 * a price scores 0.55 and up, product meta with name, price and image about
 * 0.6, while a plain page's title or heading scores 0.3 at most (the
 * extractor halves what unstructured pages say). It is also the bar the
 * extension sets before it treats a page without a price as a product.
 */
export const MIN_PAGE_CONFIDENCE = 0.5;

/** How long a run holds a claimed page; a read that never finishes (a crash) makes it due again after this. */
export const READ_LEASE_MS = 15 * 60_000;
/**
 * A capture that disagrees with the page makes it due, but not sooner than
 * this after the last read: a run of lying saves cannot make page watch
 * hammer a retailer's page (and the conditional request makes it cheap).
 */
export const REREAD_GAP_MS = 10 * 60_000;
/**
 * A run leases one host for every this many pages of its batch (10 hosts for
 * the default 50): few enough that replicas find hosts of their own, enough
 * that one run reads several shops side by side (each host at its pace).
 */
export const PAGES_PER_LEASED_HOST = 5;
/** A passing failure is retried after an hour, doubling each time up to a day (or when the host asked, if later). */
const RETRY_FIRST_MS = 60 * 60_000;
const RETRY_MAX_MS = 24 * 60 * 60_000;
/** Reasons that may pass: the page is read again later. Others (robots.txt says no, a bot wall, not HTML, ...) wait for new evidence. */
const PASSING: ReadonlySet<PageUnreadableReason> = new Set(['queue-full', 'rate-limited', 'timeout', 'network', 'robots-unreachable']);

const isAdmin = (caller: Caller): boolean => caller.roles.includes('admin');

/**
 * What one read decided: the bookkeeping, the event (none for an unchanged
 * page), how to count it, and when to read again: `retryAt` for a passing
 * failure or a gone page to confirm, else (undefined) the refresh cadence,
 * which depends on the savers when the read is recorded.
 */
interface ReadVerdict {
  counted: PageReadOutcome;
  changes: ProductPageChanges & { unchangedReads: number };
  event: PagesProductObserved | null;
  retryAt?: Date;
}

/** The page's host as leases name it (lower case); empty for an address that is not one. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * Page watch: reads retailers' product pages and says what each showed
 * (pages.product-observed.v1), so the catalogue can let the page decide
 * what a product is. A page is due when its product is first captured, again
 * when a capture disagrees with what the page showed, and on the refresh
 * cadence (page-watch-cadence.ts) while anyone saves the product; a read
 * records its outcome and writes its event in one transaction (outbox). A
 * run reads only hosts it leased, so replicas never read one host at once.
 */
@Injectable()
export class PagesService {
  private readonly log = new Logger(PagesService.name);
  /** Runs in this process take turns: an administrator's run waits for a scheduled one, and counts every page it reads. */
  private turn: Promise<unknown> = Promise.resolve();
  /** This process's name on the hosts it leases. */
  private readonly workerId = randomUUID();

  constructor(
    private readonly repository: PagesRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxWriter,
    @Inject(PAGE_FETCHER) private readonly fetcher: PageReader,
    @Inject(PAGES_CONFIG) private readonly config: Pick<PagesConfig, 'NODE_ENV' | 'PAGE_WATCH' | 'PAGE_WATCH_BATCH' | 'PAGE_WATCH_REFRESH_MS'>,
  ) {}

  /**
   * wardrobe.item-saved.v1, in the inbox's transaction: a page's first
   * capture makes it due; a later one that disagrees on name and brand with
   * what the page last showed makes it due again (see REREAD_GAP_MS). The
   * saver counts toward the cadence; a page nobody saved any more is put
   * back on it. A product keyed by name and brand has no page to read. An
   * erased account's late save changes nothing.
   */
  captureSaved(save: SavedCapture, tx: Db): Promise<void> {
    return this.capturesSaved([save], tx);
  }

  /**
   * captureSaved for a batch of saves in their order, set-based: the pages' rows made and locked, the
   * savers read and recorded, and the rows written, each in one statement. Every capture is then applied
   * in memory as it would be alone (captureChanges), with its page's savers counted as they stand once
   * that one save is recorded, so a batch ends as its saves one at a time would.
   */
  async capturesSaved(saves: readonly SavedCapture[], tx: Db): Promise<void> {
    const erased = await this.repository.erasedAmong([...new Set(saves.map((save) => save.userId))], tx);
    const paged = saves.flatMap((save) => {
      const url = pageAddress(save.capture);
      return url && !erased.has(save.userId) ? [{ ...save, url }] : [];
    });
    if (paged.length === 0) return;
    // A page's row is made from its first capture, as the saves one at a time would make it.
    const firsts = new Map<string, (typeof paged)[number]>();
    for (const save of paged) if (!firsts.has(save.productId)) firsts.set(save.productId, save);
    const { rows, created } = await this.repository.lockOrCreateAll(
      [...firsts.values()].map(({ productId, url, capture, capturedAt }) => ({ productId, url, host: hostOf(url), captureName: capture.name, captureBrand: capture.brand, capturedAt, dueAt: capturedAt })),
      tx,
    );
    const savers = new SaverTally(await this.repository.countSaversOf([...firsts.keys()], tx), await this.repository.saverRows(paged, tx));
    await this.repository.recordSaves(paged, tx);
    const updated = new Map<string, ProductPageRow>();
    for (const save of paged) {
      const before = updated.get(save.productId);
      const row = before ?? (rows.get(save.productId) as ProductPageRow);
      const changes = captureChanges(row, created.has(save.productId) && before === undefined, save, savers.save(save), this.config.PAGE_WATCH_REFRESH_MS);
      updated.set(save.productId, { ...row, ...changes });
    }
    await this.repository.updateCaptures([...updated.values()], tx);
  }

  /** First in a batch's transaction: its accounts' shared locks, and which are erased, once for the batch (ErasedAccounts.erasedAmong). */
  async lockAccounts(userIds: readonly string[], tx: Db): Promise<void> {
    await this.repository.erasedAmong(userIds, tx);
  }

  /** wardrobe.item-removed.v1, in the inbox's transaction: one saver fewer; a page nobody saves is not refreshed any more. */
  async saveRemoved(productId: string, userId: string, removedAt: Date, tx: Db): Promise<void> {
    if (await this.repository.isErased(userId, tx)) return;
    // The page's row before its saver's, as a batch of saves takes them: a save and a removal of one saver never wait on each other in turn.
    await this.repository.lock(productId, tx);
    await this.repository.recordRemoval(productId, userId, removedAt, tx);
    await this.recount(productId, tx);
  }

  /** identity.account-deleted.v1, in the inbox's transaction: the account's saver rows go, and their pages' counts follow. */
  async eraseAccount(userId: string, erasedAt: Date, tx: Db): Promise<void> {
    await this.repository.markErased(userId, erasedAt, tx);
    for (const productId of await this.repository.deleteSaversOf(userId, tx)) await this.recount(productId, tx);
  }

  private async recount(productId: string, tx: Db): Promise<void> {
    const row = await this.repository.lock(productId, tx);
    if (!row) return;
    const savers = await this.repository.countSavers(productId, tx);
    if (savers === row.savers) return;
    // Nobody saves it: not read again (a read in flight records no next one either).
    await this.repository.update(productId, { savers, ...(savers === 0 ? { dueAt: null } : {}) }, tx);
  }

  /** POST /api/admin/page-watch/run: every due page now, batch after batch. */
  async runNow(caller: Caller): Promise<PageWatchRunResult> {
    if (!isAdmin(caller)) throw new PagesError('FORBIDDEN', 'Unauthorized access.');
    return this.inTurn(async () => {
      const total = emptyResult();
      for (;;) {
        const result = await this.readDue(this.config.PAGE_WATCH_BATCH);
        addTo(total, result);
        if (result.read === 0) return total;
      }
    });
  }

  /** The schedule's run: at most PAGE_WATCH_BATCH due pages. */
  runScheduled(): Promise<PageWatchRunResult> {
    return this.inTurn(() => this.readDue(this.config.PAGE_WATCH_BATCH));
  }

  /**
   * Leases hosts with due pages no other worker reads now, claims up to
   * `limit` of their due pages and reads them; the fetcher keeps each host's
   * pace, so pages of different shops are read side by side. The hosts are
   * released when the run ends (or their lease runs out after a crash).
   */
  private async readDue(limit: number, now = new Date()): Promise<PageWatchRunResult> {
    const result = emptyResult();
    // Off: nothing is read and nothing is claimed, so every page stays due for when it is on.
    if (pageWatchMode(this.config) === 'off') return result;
    const leaseUntil = new Date(now.getTime() + READ_LEASE_MS);
    const hosts = await this.repository.leaseHosts(this.workerId, now, leaseUntil, Math.ceil(limit / PAGES_PER_LEASED_HOST));
    if (hosts.length === 0) return result;
    const release = (released: string[]) =>
      this.repository.releaseHosts(this.workerId, released).catch((error: unknown) => this.log.warn({ err: error }, 'host leases not released; they end by themselves'));
    let outcomes: Array<PageReadOutcome | null>;
    let reading = hosts;
    try {
      const claimed = await this.repository.claimDue(now, limit, leaseUntil, hosts);
      // Hosts none of whose pages this run took are free for another worker at once.
      reading = [...new Set(claimed.map((row) => row.host))];
      await release(hosts.filter((host) => !reading.includes(host)));
      outcomes = await Promise.all(claimed.map((row) => this.read(row, leaseUntil)));
    } finally {
      await release(reading);
    }
    for (const outcome of outcomes) {
      if (outcome === null) continue;
      result.read += 1;
      if (outcome === 'product') result.products += 1;
      else if (outcome === 'unreadable') result.unreadable += 1;
      else result.notModified += 1;
    }
    if (result.read > 0) this.log.log(result, 'pages read');
    return result;
  }

  /** One page: read, judged, and recorded with its event. Null when it could not be recorded (its lease runs out and it is read again). */
  private async read(row: ProductPageRow, leaseUntil: Date): Promise<PageReadOutcome | null> {
    try {
      const outcome = await this.fetcher.fetch(row.url, { ...(row.etag ? { etag: row.etag } : {}), ...(row.lastModified ? { lastModified: row.lastModified } : {}) });
      const verdict = judge(row, outcome);
      if (outcome.kind === 'unreadable') this.log.debug({ productId: row.productId, reason: outcome.reason, detail: outcome.detail }, 'page unreadable');
      await this.uow.run(async (tx) => {
        const current = await this.repository.lock(row.productId, tx);
        if (!current) return;
        // The next read: a retry, or the cadence for the savers counted now (none when nobody saves it).
        const next = verdict.retryAt ?? nextRefresh(outcome.fetchedAt, { savers: current.savers, unchangedReads: verdict.changes.unchangedReads }, this.config.PAGE_WATCH_REFRESH_MS);
        // A capture that asked for a read while this one ran keeps the page due (when that is sooner).
        const askedAgain = current.dueAt !== null && current.dueAt.getTime() < leaseUntil.getTime() && (next === null || current.dueAt < next);
        await this.repository.update(row.productId, { ...verdict.changes, dueAt: askedAgain ? current.dueAt : next }, tx);
        if (verdict.event) await this.outbox.add(tx, 'pages.product-observed.v1', row.productId, verdict.event);
      });
      return verdict.counted;
    } catch (error) {
      this.log.error({ err: error, productId: row.productId }, 'page read not recorded; it comes due again when its lease ends');
      return null;
    }
  }

  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work, work);
    this.turn = run.catch(() => undefined);
    return run;
  }
}

/** A saver's capture of a product, as wardrobe.item-saved.v1 carries it. */
export type SavedCapture = Pick<WardrobeItemSaved, 'productId' | 'userId' | 'capture'> & { capturedAt: Date; savedAt: Date };

/**
 * What one capture changes on its page's row (`created`: this capture made the row; `savers`: the page's
 * active saves once this save is recorded). Pure: captureSaved's rule, applied alone or in a batch.
 */
function captureChanges(row: ProductPageRow, created: boolean, save: SavedCapture, savers: number, refreshMs: number | undefined): ProductPageChanges {
  const { capture, capturedAt } = save;
  const changes: ProductPageChanges = { savers };
  if (!created && row.savers === 0 && savers > 0 && row.dueAt === null) {
    // Saved again after nobody did: back on the cadence (at once if it was never read).
    changes.dueAt = row.lastReadAt ? nextRefresh(row.lastReadAt, { savers, unchangedReads: row.unchangedReads }, refreshMs) : capturedAt;
  }
  if (!created && capturedAt >= row.capturedAt) {
    Object.assign(changes, { captureName: capture.name, captureBrand: capture.brand, capturedAt });
    if (disagreesWithPage(capture, row)) {
      const notBefore = new Date(Math.max(capturedAt.getTime(), (row.lastReadAt?.getTime() ?? 0) + REREAD_GAP_MS));
      const dueAt = changes.dueAt === undefined ? row.dueAt : changes.dueAt;
      if (dueAt === null || notBefore < dueAt) changes.dueAt = notBefore;
    }
  }
  return changes;
}

/**
 * The active saves of a batch's pages as its saves are recorded one by one: each save begins (or begins
 * again) its saver's row as recordSave does (the later beginning kept), which counts when it turns the row
 * active (no removal, or one before the beginning).
 */
class SaverTally {
  constructor(
    private readonly counts: Map<string, number>,
    private readonly rows: Map<string, SaverRow>,
  ) {}

  /** Records the save; answers its page's active saves after it. */
  save({ productId, userId, savedAt }: Pick<SavedCapture, 'productId' | 'userId' | 'savedAt'>): number {
    const key = saverKey(productId, userId);
    const before = this.rows.get(key);
    const after: SaverRow = before ? { ...before, savedAt: before.savedAt > savedAt ? before.savedAt : savedAt } : { productId, userId, savedAt, removedAt: null };
    this.rows.set(key, after);
    const count = (this.counts.get(productId) ?? 0) + Number(isActive(after)) - Number(before !== undefined && isActive(before));
    this.counts.set(productId, count);
    return count;
  }
}

/** As the repository's activeSave: no removal, or a save that began again after it. */
const isActive = (row: SaverRow): boolean => row.removedAt === null || row.savedAt > row.removedAt;

/** Whether a capture names another product than the page last showed; a page that names no brand is compared on the name alone (as the catalogue does). */
function disagreesWithPage(capture: Pick<Capture, 'name' | 'brand'>, row: Pick<ProductPageRow, 'readName' | 'readBrand'>): boolean {
  if (row.readName === null) return false;
  return nameBrandKey(capture.name, row.readBrand === null ? '' : capture.brand) !== nameBrandKey(row.readName, row.readBrand ?? '');
}

/**
 * What a fetch outcome means for the page's record and what is published.
 * A read that found nothing new (a 304, the same name, brand and price, a
 * lasting refusal) counts toward the quiet back-off; one that found a change
 * resets it. A 404 or 410 is confirmed by a second read an hour later, and
 * from GONE_AFTER_READS in a row on is published as `gone`; its validators
 * are dropped, so the read after it asks for the whole page.
 */
export function judge(row: ProductPageRow, outcome: PageFetchOutcome): ReadVerdict {
  const fetchedAt = outcome.fetchedAt;
  const base = { productId: row.productId, url: row.url, fetchedAt: fetchedAt.toISOString() };
  const quieter = row.unchangedReads + 1;
  if (outcome.kind === 'not-modified') {
    // What the last read showed is still the page: nothing new to say.
    return {
      counted: 'not-modified',
      changes: { lastReadAt: fetchedAt, lastOutcome: 'not-modified', etag: outcome.etag ?? row.etag, lastModified: outcome.lastModified ?? row.lastModified, failures: 0, goneReads: 0, unchangedReads: quieter },
      event: null,
    };
  }
  if (outcome.kind === 'page') {
    const validators = { etag: outcome.etag ?? null, lastModified: outcome.lastModified ?? null };
    const page = observedPage(extractProduct(outcome.body, outcome.finalUrl), outcome.finalUrl);
    if (!page) {
      return {
        counted: 'unreadable',
        changes: { lastReadAt: fetchedAt, lastOutcome: 'unreadable', lastReason: 'no-product', ...validators, readName: null, readBrand: null, readPrice: null, readCurrency: null, failures: 0, goneReads: 0, unchangedReads: row.lastReason === 'no-product' ? quieter : 0 },
        event: { ...base, outcome: 'unreadable', reason: 'no-product' },
      };
    }
    const same = row.goneReads === 0 && row.readName === page.name && row.readBrand === page.brand && row.readPrice === page.price && row.readCurrency === page.currency;
    return {
      counted: 'product',
      changes: { lastReadAt: fetchedAt, lastOutcome: 'product', lastReason: null, ...validators, readName: page.name, readBrand: page.brand, readPrice: page.price, readCurrency: page.currency, failures: 0, goneReads: 0, unchangedReads: same ? quieter : 0 },
      event: { ...base, outcome: 'product', page },
    };
  }
  if (outcome.reason === 'http-status' && isGoneStatus(outcome.status)) {
    const goneReads = row.goneReads + 1;
    const changes = { lastReadAt: fetchedAt, lastOutcome: 'unreadable' as const, lastReason: outcome.reason, etag: null, lastModified: null, failures: 0, goneReads, unchangedReads: 0 };
    if (goneReads < GONE_AFTER_READS) return { counted: 'unreadable', changes, event: { ...base, outcome: 'unreadable', reason: outcome.reason }, retryAt: new Date(fetchedAt.getTime() + GONE_CONFIRM_MS) };
    return { counted: 'unreadable', changes: { ...changes, readName: null, readBrand: null, readPrice: null, readCurrency: null }, event: { ...base, outcome: 'gone', status: outcome.status ?? 404 } };
  }
  const passing = PASSING.has(outcome.reason) || (outcome.reason === 'http-status' && (outcome.status ?? 0) >= 500);
  const changes = { lastReadAt: fetchedAt, lastOutcome: 'unreadable' as const, lastReason: outcome.reason };
  const event: PagesProductObserved = { ...base, outcome: 'unreadable', reason: outcome.reason };
  // A passing failure says nothing about the page: retried with backoff, the quiet count kept.
  if (passing) return { counted: 'unreadable', changes: { ...changes, failures: row.failures + 1, unchangedReads: row.unchangedReads }, event, retryAt: retryTime(fetchedAt, row.failures, outcome.retryAfter) };
  // A lasting refusal (robots.txt, a bot wall, not HTML, ...): asked again only on the quiet cadence.
  return { counted: 'unreadable', changes: { ...changes, failures: 0, goneReads: 0, unchangedReads: quieter }, event };
}

function retryTime(now: Date, failures: number, retryAfter: Date | undefined): Date {
  const backoff = now.getTime() + Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failures);
  return new Date(Math.max(backoff, retryAfter?.getTime() ?? 0));
}

const clip = (text: string, max: number): string => (text.length > max ? text.slice(0, max).trimEnd() : text);

/**
 * The page's product as the event carries it, or null when the page does not
 * show one with enough confidence (MIN_PAGE_CONFIDENCE) and a name. The
 * address is the page's canonical one as the extractor read it (the catalogue
 * checks it makes the product's key), else where the read ended.
 */
export function observedPage(extracted: ExtractedProduct, finalUrl: string): ObservedPage | null {
  if (!extracted.name || extracted.confidence < MIN_PAGE_CONFIDENCE) return null;
  const price = extracted.price !== null && Number.isFinite(extracted.price) && extracted.price > 0 ? extracted.price : null;
  const currency = price !== null && extracted.currency && /^[A-Z]{3}$/.test(extracted.currency) ? extracted.currency : null;
  const sourceUrl = [extracted.sourceUrl, finalUrl].map((url) => webUrl(url)).find((url): url is string => url !== null && url.length <= 2048);
  if (!sourceUrl) return null;
  const imageUrl = webUrl(extracted.imageUrl);
  const parsed = ObservedPage.safeParse({
    sourceUrl,
    name: clip(extracted.name, 300),
    brand: extracted.brand ? clip(extracted.brand, 200) : null,
    price,
    currency,
    imageUrl: imageUrl && imageUrl.length <= 2048 ? imageUrl : null,
    description: extracted.description ? clip(extracted.description, 5000) : null,
  });
  return parsed.success ? parsed.data : null;
}

function emptyResult(): PageWatchRunResult {
  return { read: 0, products: 0, unreadable: 0, notModified: 0 };
}

function addTo(total: PageWatchRunResult, result: PageWatchRunResult): void {
  total.read += result.read;
  total.products += result.products;
  total.unreadable += result.unreadable;
  total.notModified += result.notModified;
}
