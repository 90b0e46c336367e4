import { Inject, Injectable, Logger } from '@nestjs/common';
import { nameBrandKey, webUrl } from '@closetly/catalogue-rules';
import { type Caller, type Capture, ObservedPage, type PageWatchRunResult, type PagesProductObserved } from '@closetly/contracts';
import { extractProduct, type ExtractedProduct } from '@closetly/product-extraction';
import { type Db, OutboxWriter, type PageFetcher, type PageFetchOutcome, type PageUnreadableReason, pageWatchMode, UnitOfWork } from '@closetly/server';
import { PAGES_CONFIG, type PagesConfig } from './config';
import type { PageReadOutcome } from './db/schema';
import { pageAddress } from './page-address';
import { PagesError } from './pages.errors';
import { type ProductPageChanges, type ProductPageRow, PagesRepository } from './pages.repository';

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
/** A passing failure is retried after an hour, doubling each time up to a day (or when the host asked, if later). */
const RETRY_FIRST_MS = 60 * 60_000;
const RETRY_MAX_MS = 24 * 60 * 60_000;
/** Reasons that may pass: the page is read again later. Others (robots.txt says no, a bot wall, not HTML, ...) wait for new evidence. */
const PASSING: ReadonlySet<PageUnreadableReason> = new Set(['queue-full', 'rate-limited', 'timeout', 'network', 'robots-unreachable']);

const isAdmin = (caller: Caller): boolean => caller.roles.includes('admin');

/** What one read decided: the bookkeeping, the event (none for an unchanged page) and how to count it. */
interface ReadVerdict {
  counted: PageReadOutcome;
  changes: ProductPageChanges;
  event: PagesProductObserved | null;
}

/**
 * Page watch: reads retailers' product pages and says what each showed
 * (pages.product-observed.v1), so the catalogue can let the page decide
 * what a product is. A page is due when its product is first captured, and
 * again when a capture disagrees with what the page showed; a read records
 * its outcome and writes its event in one transaction (outbox).
 */
@Injectable()
export class PagesService {
  private readonly log = new Logger(PagesService.name);
  /** Runs in this process take turns: an administrator's run waits for a scheduled one, and counts every page it reads. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repository: PagesRepository,
    private readonly uow: UnitOfWork,
    private readonly outbox: OutboxWriter,
    @Inject(PAGE_FETCHER) private readonly fetcher: PageReader,
    @Inject(PAGES_CONFIG) private readonly config: Pick<PagesConfig, 'NODE_ENV' | 'PAGE_WATCH' | 'PAGE_WATCH_BATCH'>,
  ) {}

  /**
   * wardrobe.item-saved.v1, in the inbox's transaction: a page's first
   * capture makes it due; a later one that disagrees on name and brand with
   * what the page last showed makes it due again (see REREAD_GAP_MS). A
   * product keyed by name and brand has no page to read.
   */
  async captureSaved(productId: string, capture: Capture, capturedAt: Date, tx: Db): Promise<void> {
    const url = pageAddress(capture);
    if (!url) return;
    const { row, created } = await this.repository.lockOrCreate(
      { productId, url, captureName: capture.name, captureBrand: capture.brand, capturedAt, dueAt: capturedAt },
      tx,
    );
    if (created || capturedAt < row.capturedAt) return;
    const changes: ProductPageChanges = { captureName: capture.name, captureBrand: capture.brand, capturedAt };
    if (disagreesWithPage(capture, row)) {
      const notBefore = new Date(Math.max(capturedAt.getTime(), (row.lastReadAt?.getTime() ?? 0) + REREAD_GAP_MS));
      if (row.dueAt === null || notBefore < row.dueAt) changes.dueAt = notBefore;
    }
    await this.repository.update(productId, changes, tx);
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

  /** Claims up to `limit` due pages and reads them; the fetcher keeps each host's pace, so pages of different shops are read side by side. */
  private async readDue(limit: number, now = new Date()): Promise<PageWatchRunResult> {
    const result = emptyResult();
    // Off: nothing is read and nothing is claimed, so every page stays due for when it is on.
    if (pageWatchMode(this.config) === 'off') return result;
    const leaseUntil = new Date(now.getTime() + READ_LEASE_MS);
    const claimed = await this.repository.claimDue(now, limit, leaseUntil);
    const outcomes = await Promise.all(claimed.map((row) => this.read(row, leaseUntil)));
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
        // A capture that asked for a read while this one ran keeps the page due.
        const askedAgain = current.dueAt !== null && current.dueAt.getTime() < leaseUntil.getTime();
        await this.repository.update(row.productId, { ...verdict.changes, ...(askedAgain ? { dueAt: current.dueAt } : {}) }, tx);
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

/** Whether a capture names another product than the page last showed; a page that names no brand is compared on the name alone (as the catalogue does). */
function disagreesWithPage(capture: Pick<Capture, 'name' | 'brand'>, row: Pick<ProductPageRow, 'readName' | 'readBrand'>): boolean {
  if (row.readName === null) return false;
  return nameBrandKey(capture.name, row.readBrand === null ? '' : capture.brand) !== nameBrandKey(row.readName, row.readBrand ?? '');
}

/** What a fetch outcome means for the page's record and what is published. */
function judge(row: ProductPageRow, outcome: PageFetchOutcome): ReadVerdict {
  const fetchedAt = outcome.fetchedAt;
  const base = { productId: row.productId, url: row.url, fetchedAt: fetchedAt.toISOString() };
  if (outcome.kind === 'not-modified') {
    // What the last read showed is still the page: nothing new to say.
    return {
      counted: 'not-modified',
      changes: { lastReadAt: fetchedAt, lastOutcome: 'not-modified', etag: outcome.etag ?? row.etag, lastModified: outcome.lastModified ?? row.lastModified, dueAt: null, failures: 0 },
      event: null,
    };
  }
  if (outcome.kind === 'page') {
    const validators = { etag: outcome.etag ?? null, lastModified: outcome.lastModified ?? null };
    const page = observedPage(extractProduct(outcome.body, outcome.finalUrl), outcome.finalUrl);
    if (!page) {
      return {
        counted: 'unreadable',
        changes: { lastReadAt: fetchedAt, lastOutcome: 'unreadable', lastReason: 'no-product', ...validators, readName: null, readBrand: null, dueAt: null, failures: 0 },
        event: { ...base, outcome: 'unreadable', reason: 'no-product' },
      };
    }
    return {
      counted: 'product',
      changes: { lastReadAt: fetchedAt, lastOutcome: 'product', lastReason: null, ...validators, readName: page.name, readBrand: page.brand, dueAt: null, failures: 0 },
      event: { ...base, outcome: 'product', page },
    };
  }
  const passing = PASSING.has(outcome.reason) || (outcome.reason === 'http-status' && (outcome.status ?? 0) >= 500);
  const retryAt = passing ? retryTime(fetchedAt, row.failures, outcome.retryAfter) : null;
  return {
    counted: 'unreadable',
    changes: { lastReadAt: fetchedAt, lastOutcome: 'unreadable', lastReason: outcome.reason, dueAt: retryAt, failures: passing ? row.failures + 1 : 0 },
    event: { ...base, outcome: 'unreadable', reason: outcome.reason },
  };
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
