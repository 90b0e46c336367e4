import { productIdFor } from '@closetly/catalogue-rules';
import type { Caller, Capture } from '@closetly/contracts';
import type { PageFetchOutcome, PageValidators } from '@closetly/server';
import { capture, fakeUnitOfWork, mockOf, recordingOutbox } from '@closetly/testing';
import { zaraProductPage } from '../test/support/retailer-site';
import { loadPagesConfig } from './config';
import { PagesRepository, type ProductPageRow } from './pages.repository';
import { PagesService, READ_LEASE_MS, REREAD_GAP_MS } from './pages.service';

const ADMIN: Caller = { uid: 'admin-1', sid: 's-1', roles: ['admin'] };
const SHOPPER: Caller = { uid: 'shopper-1', sid: 's-2', roles: [] };
const OBSERVED = 'pages.product-observed.v1';
const COAT_URL = 'https://www.zara.com/us/en/wool-blend-coat-p0123.html';
const COAT = { url: COAT_URL, name: 'WOOL BLEND COAT', price: 129, imageUrl: 'https://static.zara.net/photos/coat.jpg', description: 'A coat in a wool blend.' };
const HOUR_MS = 3_600_000;

const zaraCapture = (overrides: Partial<Capture> = {}) => capture({ sourceUrl: COAT_URL, name: 'WOOL BLEND COAT', brand: 'Zara', price: 129, ...overrides });
const idOf = (saved: Capture) => productIdFor(saved.productKey);

/** PagesRepository over a map, with the queries' semantics (claims move due pages to the lease, the longest waiting first). */
function inMemoryPages() {
  const rows = new Map<string, ProductPageRow>();
  const repository = mockOf(PagesRepository);
  repository.lockOrCreate.mockImplementation(async (values) => {
    const created = !rows.has(values.productId);
    if (created) {
      rows.set(values.productId, {
        dueAt: null,
        lastReadAt: null,
        lastOutcome: null,
        lastReason: null,
        etag: null,
        lastModified: null,
        readName: null,
        readBrand: null,
        failures: 0,
        createdAt: new Date(),
        ...values,
      } as ProductPageRow);
    }
    return { row: { ...(rows.get(values.productId) as ProductPageRow) }, created };
  });
  repository.lock.mockImplementation(async (productId) => {
    const row = rows.get(productId);
    return row ? { ...row } : undefined;
  });
  repository.update.mockImplementation(async (productId, changes) => {
    const row = rows.get(productId);
    if (row) rows.set(productId, { ...row, ...changes });
  });
  repository.claimDue.mockImplementation(async (now, limit, leaseUntil) => {
    const due = [...rows.values()]
      .filter((row) => row.dueAt !== null && row.dueAt <= now)
      .sort((a, b) => (a.dueAt as Date).getTime() - (b.dueAt as Date).getTime())
      .slice(0, limit);
    return due.map((row) => {
      const claimed = { ...row, dueAt: leaseUntil };
      rows.set(row.productId, claimed);
      return { ...claimed };
    });
  });
  return { repository, rows };
}

/** A page fetcher answering from a table of outcomes per address. */
function fakeFetcher() {
  const answers = new Map<string, (validators: PageValidators) => PageFetchOutcome>();
  const asked: Array<{ url: string; validators: PageValidators }> = [];
  const fetcher = {
    fetch: jest.fn(async (url: string, validators: PageValidators = {}) => {
      asked.push({ url, validators });
      const answer = answers.get(url);
      return answer ? answer(validators) : ({ kind: 'unreadable', reason: 'network', detail: 'no answer', fetchedAt: new Date() } as PageFetchOutcome);
    }),
  };
  /** Serves `html` with an ETag, and 304 to a request that sends it back. */
  const servePage = (url: string, html: string, etag = '"v1"') =>
    answers.set(url, (validators) =>
      validators.etag === etag ? { kind: 'not-modified', finalUrl: url, etag, fetchedAt: new Date() } : { kind: 'page', status: 200, body: html, finalUrl: url, etag, fetchedAt: new Date() },
    );
  const serveUnreadable = (url: string, outcome: Omit<Extract<PageFetchOutcome, { kind: 'unreadable' }>, 'kind' | 'fetchedAt'>) =>
    answers.set(url, () => ({ kind: 'unreadable', ...outcome, fetchedAt: new Date() }));
  return { fetcher, asked, servePage, serveUnreadable };
}

function setup(env: NodeJS.ProcessEnv = { PAGE_WATCH: 'test-hosts' }) {
  const store = inMemoryPages();
  const { uow, tx } = fakeUnitOfWork();
  const events = recordingOutbox();
  const site = fakeFetcher();
  const service = new PagesService(store.repository, uow, events.outbox, site.fetcher, loadPagesConfig({ NODE_ENV: 'test', ...env }));
  const saved = async (saved: Capture, capturedAt = new Date()) => {
    await service.captureSaved(idOf(saved), saved, capturedAt, tx);
    return idOf(saved);
  };
  return { ...store, ...events, ...site, service, tx, saved };
}

describe('PagesService', () => {
  describe('which pages are due', () => {
    it('makes a page due when its product is first captured, from the saver\'s link without tracking parameters', async () => {
      const { saved, rows } = setup();
      const at = new Date('2026-01-01T00:00:00Z');
      const id = await saved(zaraCapture({ sourceUrl: `${COAT_URL}?utm_source=newsletter#reviews` }), at);
      expect(rows.get(id)).toMatchObject({ url: COAT_URL, captureName: 'WOOL BLEND COAT', captureBrand: 'Zara', dueAt: at, lastReadAt: null });
    });

    it('keeps no page for a product keyed by name and brand', async () => {
      const { saved, rows } = setup();
      await saved(capture({ sourceUrl: '#' }));
      expect(rows.size).toBe(0);
    });

    it('makes a read page due again when a capture disagrees with it, not sooner than REREAD_GAP_MS after the read; an agreeing capture changes nothing', async () => {
      const { saved, rows, service, servePage } = setup();
      servePage(COAT_URL, zaraProductPage(COAT));
      const id = await saved(zaraCapture());
      await service.runNow(ADMIN);
      const readAt = rows.get(id)?.lastReadAt as Date;
      expect(rows.get(id)).toMatchObject({ dueAt: null, readName: 'WOOL BLEND COAT', readBrand: 'Zara' });

      await saved(zaraCapture({ name: 'wool  blend coat' }));
      expect(rows.get(id)?.dueAt).toBeNull();

      await saved(zaraCapture({ name: 'TAMPERED' }), new Date(readAt.getTime() + 1000));
      expect(rows.get(id)).toMatchObject({ captureName: 'TAMPERED', dueAt: new Date(readAt.getTime() + REREAD_GAP_MS) });
      await saved(zaraCapture({ name: 'TAMPERED AGAIN' }), new Date(readAt.getTime() + 2 * REREAD_GAP_MS));
      expect(rows.get(id)?.dueAt).toEqual(new Date(readAt.getTime() + REREAD_GAP_MS));
    });

    it('lets an older capture arriving late change nothing', async () => {
      const { saved, rows } = setup();
      const id = await saved(zaraCapture({ name: 'NEWER' }), new Date('2026-01-02T00:00:00Z'));
      await saved(zaraCapture({ name: 'OLDER' }), new Date('2026-01-01T00:00:00Z'));
      expect(rows.get(id)?.captureName).toBe('NEWER');
    });
  });

  describe('reading due pages', () => {
    it('publishes what a product page shows, verified by the page\'s canonical address, and the page is no longer due', async () => {
      const { saved, service, servePage, payloads, recorded, rows, tx, asked } = setup();
      servePage(COAT_URL, zaraProductPage(COAT));
      const id = await saved(zaraCapture({ name: 'TAMPERED', price: 1 }));

      await expect(service.runNow(ADMIN)).resolves.toEqual({ read: 1, products: 1, unreadable: 0, notModified: 0 });
      expect(asked).toEqual([{ url: COAT_URL, validators: {} }]);
      expect(payloads(OBSERVED)).toEqual([
        {
          productId: id,
          url: COAT_URL,
          fetchedAt: expect.any(String),
          outcome: 'product',
          page: { sourceUrl: COAT_URL, name: 'WOOL BLEND COAT', brand: 'Zara', price: 129, currency: 'USD', imageUrl: COAT.imageUrl, description: COAT.description },
        },
      ]);
      // The event is written in the transaction that records the read.
      expect(recorded[0]?.tx).toBe(tx);
      expect(rows.get(id)).toMatchObject({ lastOutcome: 'product', etag: '"v1"', dueAt: null, failures: 0 });
      await expect(service.runNow(ADMIN)).resolves.toEqual({ read: 0, products: 0, unreadable: 0, notModified: 0 });
    });

    it('sends the stored validators, and publishes nothing for an unchanged page', async () => {
      const { saved, service, servePage, payloads, rows, asked } = setup();
      servePage(COAT_URL, zaraProductPage(COAT));
      const id = await saved(zaraCapture());
      await service.runNow(ADMIN);
      const readAt = rows.get(id)?.lastReadAt as Date;
      await saved(zaraCapture({ name: 'TAMPERED' }), new Date(readAt.getTime() + REREAD_GAP_MS));

      await expect(service.runNow(ADMIN)).resolves.toEqual({ read: 0, products: 0, unreadable: 0, notModified: 0 });
      rows.set(id, { ...(rows.get(id) as ProductPageRow), dueAt: new Date() });
      await expect(service.runNow(ADMIN)).resolves.toEqual({ read: 1, products: 0, unreadable: 0, notModified: 1 });
      expect(asked.at(-1)).toEqual({ url: COAT_URL, validators: { etag: '"v1"' } });
      expect(payloads(OBSERVED)).toHaveLength(1);
      expect(rows.get(id)).toMatchObject({ lastOutcome: 'not-modified', readName: 'WOOL BLEND COAT', dueAt: null });
    });

    it('publishes a page without a product as unreadable (no-product), and one the fetcher could not read with its reason', async () => {
      const { saved, service, servePage, serveUnreadable, payloads, rows } = setup();
      const plain = 'https://www.zara.com/us/en/help-p0999.html';
      const walled = 'https://www.zara.com/us/en/walled-p0998.html';
      servePage(plain, '<html><head><title>Help | ZARA</title></head><body><h1>How can we help?</h1></body></html>');
      serveUnreadable(walled, { reason: 'bot-wall', detail: 'captcha: 503 with g-recaptcha', status: 503 });
      const plainId = await saved(zaraCapture({ sourceUrl: plain }));
      const walledId = await saved(zaraCapture({ sourceUrl: walled }));

      await expect(service.runNow(ADMIN)).resolves.toEqual({ read: 2, products: 0, unreadable: 2, notModified: 0 });
      const byId = new Map(payloads(OBSERVED).map((event) => [event.productId, event]));
      expect(byId.get(plainId)).toMatchObject({ outcome: 'unreadable', reason: 'no-product', url: plain });
      expect(byId.get(walledId)).toMatchObject({ outcome: 'unreadable', reason: 'bot-wall', url: walled });
      // Neither comes due again by itself: a wall is not passed by asking again.
      expect(rows.get(walledId)).toMatchObject({ lastOutcome: 'unreadable', lastReason: 'bot-wall', dueAt: null });
      expect(rows.get(plainId)).toMatchObject({ lastReason: 'no-product', readName: null });
    });

    it('reads a page that failed in passing again after an hour, then after two', async () => {
      const { saved, service, serveUnreadable, rows } = setup();
      serveUnreadable(COAT_URL, { reason: 'timeout', detail: 'no answer in 20 s' });
      const id = await saved(zaraCapture());
      await service.runNow(ADMIN);
      const first = rows.get(id) as ProductPageRow;
      expect(first).toMatchObject({ lastReason: 'timeout', failures: 1 });
      expect((first.dueAt as Date).getTime() - (first.lastReadAt as Date).getTime()).toBe(HOUR_MS);

      rows.set(id, { ...first, dueAt: new Date() });
      await service.runNow(ADMIN);
      const second = rows.get(id) as ProductPageRow;
      expect(second.failures).toBe(2);
      expect((second.dueAt as Date).getTime() - (second.lastReadAt as Date).getTime()).toBe(2 * HOUR_MS);
    });

    it('keeps a page due when a capture asked for a read while it was being read', async () => {
      const { saved, service, fetcher, servePage, rows } = setup();
      servePage(COAT_URL, zaraProductPage(COAT));
      const id = await saved(zaraCapture());
      const read = fetcher.fetch.getMockImplementation();
      fetcher.fetch.mockImplementationOnce(async (url, validators) => {
        // While this read runs, the page comes due again (as a disagreeing capture sets it).
        rows.set(id, { ...(rows.get(id) as ProductPageRow), dueAt: new Date(Date.now() + 1000) });
        return (read as NonNullable<typeof read>)(url, validators);
      });
      await service.runScheduled();
      expect(rows.get(id)?.dueAt?.getTime()).toBeLessThan(Date.now() + READ_LEASE_MS);
      expect(rows.get(id)?.lastOutcome).toBe('product');
    });

    it('reads at most PAGE_WATCH_BATCH pages a scheduled run, and every due page when an administrator asks', async () => {
      const { saved, service, servePage } = setup({ PAGE_WATCH: 'test-hosts', PAGE_WATCH_BATCH: '2' });
      for (let index = 0; index < 5; index += 1) {
        const url = `https://www.zara.com/us/en/coat-${index}-p01${index}.html`;
        servePage(url, zaraProductPage({ ...COAT, url, name: `COAT ${index}` }));
        await saved(zaraCapture({ sourceUrl: url, name: `COAT ${index}` }));
      }
      await expect(service.runScheduled()).resolves.toMatchObject({ read: 2, products: 2 });
      await expect(service.runNow(ADMIN)).resolves.toMatchObject({ read: 3, products: 3 });
    });

    it('reads nothing with PAGE_WATCH off (the default outside production): pages stay due', async () => {
      const { saved, service, fetcher, rows, payloads } = setup({});
      const id = await saved(zaraCapture());
      await expect(service.runNow(ADMIN)).resolves.toEqual({ read: 0, products: 0, unreadable: 0, notModified: 0 });
      await expect(service.runScheduled()).resolves.toMatchObject({ read: 0 });
      expect(fetcher.fetch).not.toHaveBeenCalled();
      expect(payloads(OBSERVED)).toEqual([]);
      expect(rows.get(id)?.dueAt).not.toBeNull();
    });

    it('lets only an administrator ask for a run', async () => {
      const { service } = setup();
      await expect(service.runNow(SHOPPER)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    });
  });
});
