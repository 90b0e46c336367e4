import { productIdFor } from '@closetly/catalogue-rules';
import type { Caller, Capture } from '@closetly/contracts';
import type { PageFetchOutcome, PageValidators } from '@closetly/server';
import { capture, fakeUnitOfWork, mockOf, recordingOutbox, seededRandom, zaraProductPage } from '@closetly/testing';
import { loadPagesConfig } from './config';
import { PagesRepository, type ProductPageRow } from './pages.repository';
import { GONE_CONFIRM_MS, POPULAR_REFRESH_MS, QUIET_FACTOR, REFRESH_MS } from './page-watch-cadence';
import { PAGES_PER_LEASED_HOST, PagesService, READ_LEASE_MS, REREAD_GAP_MS } from './pages.service';

const ADMIN: Caller = { uid: 'admin-1', sid: 's-1', roles: ['admin'] };
const SHOPPER: Caller = { uid: 'shopper-1', sid: 's-2', roles: [] };
const OBSERVED = 'pages.product-observed.v1';
const COAT_URL = 'https://www.zara.com/us/en/wool-blend-coat-p0123.html';
const COAT = { url: COAT_URL, name: 'WOOL BLEND COAT', price: 129, imageUrl: 'https://static.zara.net/photos/coat.jpg', description: 'A coat in a wool blend.' };
const HOUR_MS = 3_600_000;

const zaraCapture = (overrides: Partial<Capture> = {}) => capture({ sourceUrl: COAT_URL, name: 'WOOL BLEND COAT', brand: 'Zara', price: 129, ...overrides });
const idOf = (saved: Capture) => productIdFor(saved.productKey);

/** PagesRepository over maps, with the queries' semantics (claims move due pages of leased hosts to the lease, the longest waiting first; active saves as the catalogue counts them). */
function inMemoryPages() {
  const rows = new Map<string, ProductPageRow>();
  const savers = new Map<string, { productId: string; userId: string; savedAt: Date; removedAt: Date | null }>();
  const erased = new Set<string>();
  const repository = mockOf(PagesRepository);
  repository.isErased.mockImplementation(async (userId) => erased.has(userId));
  repository.markErased.mockImplementation(async (userId) => {
    erased.add(userId);
  });
  repository.recordSaves.mockImplementation(async (saves) => {
    for (const { productId, userId, savedAt } of saves) {
      const kept = savers.get(`${productId}/${userId}`);
      savers.set(`${productId}/${userId}`, { productId, userId, savedAt: kept && kept.savedAt > savedAt ? kept.savedAt : savedAt, removedAt: kept?.removedAt ?? null });
    }
  });
  repository.recordRemoval.mockImplementation(async (productId, userId, removedAt) => {
    const kept = savers.get(`${productId}/${userId}`);
    savers.set(`${productId}/${userId}`, { productId, userId, savedAt: kept?.savedAt ?? removedAt, removedAt: kept?.removedAt && kept.removedAt > removedAt ? kept.removedAt : removedAt });
  });
  const countSavers = (productId: string) => [...savers.values()].filter((saver) => saver.productId === productId && (saver.removedAt === null || saver.savedAt > saver.removedAt)).length;
  repository.countSavers.mockImplementation(async (productId) => countSavers(productId));
  repository.erasedAmong.mockImplementation(async (userIds) => new Set(userIds.filter((userId) => erased.has(userId))));
  repository.countSaversOf.mockImplementation(async (productIds) => new Map(productIds.map((productId) => [productId, countSavers(productId)])));
  repository.saverRows.mockImplementation(
    async (pairs) => new Map(pairs.flatMap(({ productId, userId }) => (savers.has(`${productId}/${userId}`) ? [[`${productId}/${userId}`, { ...savers.get(`${productId}/${userId}`)! }]] : []))),
  );

  repository.deleteSaversOf.mockImplementation(async (userId) => {
    const of = [...savers.entries()].filter(([, saver]) => saver.userId === userId);
    for (const [key] of of) savers.delete(key);
    return of.map(([, saver]) => saver.productId);
  });
  repository.leaseHosts.mockImplementation(async (_holder, now) => [...new Set([...rows.values()].filter((row) => row.dueAt !== null && row.dueAt <= now).map((row) => row.host))]);
  repository.releaseHosts.mockResolvedValue(undefined);
  repository.lockOrCreateAll.mockImplementation(async (values) => {
    const created = new Set<string>();
    for (const value of values) {
      if (rows.has(value.productId)) continue;
      created.add(value.productId);
      rows.set(value.productId, {
        dueAt: null,
        lastReadAt: null,
        lastOutcome: null,
        lastReason: null,
        etag: null,
        lastModified: null,
        readName: null,
        readBrand: null,
        failures: 0,
        savers: 0,
        readPrice: null,
        readCurrency: null,
        unchangedReads: 0,
        goneReads: 0,
        createdAt: new Date(),
        ...value,
      } as ProductPageRow);
    }
    return { rows: new Map(values.map((value) => [value.productId, { ...(rows.get(value.productId) as ProductPageRow) }])), created };
  });
  repository.updateCaptures.mockImplementation(async (updates) => {
    for (const { productId, savers: count, dueAt, captureName, captureBrand, capturedAt } of updates) {
      await repository.update(productId, { savers: count, dueAt, captureName, captureBrand, capturedAt }, undefined as never);
    }
  });
  repository.lock.mockImplementation(async (productId) => {
    const row = rows.get(productId);
    return row ? { ...row } : undefined;
  });
  repository.update.mockImplementation(async (productId, changes) => {
    const row = rows.get(productId);
    if (row) rows.set(productId, { ...row, ...changes });
  });
  repository.claimDue.mockImplementation(async (now, limit, leaseUntil, hosts) => {
    const due = [...rows.values()]
      .filter((row) => row.dueAt !== null && row.dueAt <= now && hosts.includes(row.host))
      .sort((a, b) => (a.dueAt as Date).getTime() - (b.dueAt as Date).getTime())
      .slice(0, limit);
    return due.map((row) => {
      const claimed = { ...row, dueAt: leaseUntil };
      rows.set(row.productId, claimed);
      return { ...claimed };
    });
  });
  return { repository, rows, savers, erased };
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
  const saved = async (saved: Capture, capturedAt = new Date(), userId = 'ada') => {
    await service.captureSaved({ productId: idOf(saved), userId, capture: saved, capturedAt, savedAt: capturedAt }, tx);
    return idOf(saved);
  };
  /** Makes the page due now, as the cadence does once its time comes. */
  const dueNow = (productId: string) => store.rows.set(productId, { ...(store.rows.get(productId) as ProductPageRow), dueAt: new Date() });
  return { ...store, ...events, ...site, service, tx, saved, dueNow };
}

describe('PagesService', () => {
  describe('which pages are due', () => {
    it('a batch of captures ends as its saves one at a time would: rows, due times, savers (seeded mixes: out of order, disagreeing, erased, re-saved after removals)', async () => {
      const t0 = new Date('2026-03-01T00:00:00Z').getTime();
      const at = (ms: number) => new Date(t0 + ms);
      const pageOf = (n: number) => `https://www.zara.com/us/en/coat-p0${n}.html`;
      const productOf = (n: number) => idOf(zaraCapture({ sourceUrl: pageOf(n) }));
      /** The same history in both: page 1 read, then left by its only saver; page 2 read as another coat and saved; an erased account. */
      const history = async (context: ReturnType<typeof setup>) => {
        context.erased.add('gone');
        await context.saved(zaraCapture({ sourceUrl: pageOf(1) }), at(-50_000), 'bob');
        await context.service.saveRemoved(productOf(1), 'bob', at(-40_000), context.tx);
        await context.saved(zaraCapture({ sourceUrl: pageOf(2) }), at(-30_000), 'cy');
        // ada's save of page 2 began again after her removal, later than some of the batch's saves.
        await context.saved(zaraCapture({ sourceUrl: pageOf(2) }), at(-30_000), 'ada');
        await context.service.saveRemoved(productOf(2), 'ada', at(2_500), context.tx);
        await context.saved(zaraCapture({ sourceUrl: pageOf(2) }), at(4_500), 'ada');
        const read = { lastReadAt: at(-20_000), lastOutcome: 'product' as const, readBrand: 'Zara' };
        context.rows.set(productOf(1), { ...(context.rows.get(productOf(1)) as ProductPageRow), ...read, readName: 'WOOL BLEND COAT', dueAt: null });
        context.rows.set(productOf(2), { ...(context.rows.get(productOf(2)) as ProductPageRow), ...read, readName: 'DOUBLE FACED COAT', dueAt: at(86_400_000) });
      };
      let sawBatchOfMany = false;
      for (let seed = 1; seed <= 60; seed += 1) {
        const random = seededRandom(seed);
        const saves = Array.from({ length: 1 + random(14) }, () => {
          const page = 1 + random(4);
          const userId = ['ada', 'bob', 'cy', 'gone'][random(4)] as string;
          const captured = zaraCapture({ sourceUrl: random(8) === 0 ? '#' : pageOf(page), name: random(2) === 0 ? 'WOOL BLEND COAT' : 'TAMPERED COAT' });
          const capturedAt = at(random(6) * 1000);
          return { productId: idOf(captured), userId, capture: captured, capturedAt, savedAt: capturedAt };
        });
        const oneByOne = setup();
        const batched = setup();
        await history(oneByOne);
        await history(batched);
        for (const save of saves) await oneByOne.service.captureSaved(save, oneByOne.tx);
        for (let next = 0; next < saves.length; ) {
          const size = 1 + random(saves.length);
          sawBatchOfMany ||= size > 1;
          await batched.service.capturesSaved(saves.slice(next, next + size), batched.tx);
          next += size;
        }
        // createdAt is the fake's clock, not the rule's.
        const kept = (context: ReturnType<typeof setup>) => ({ seed, rows: [...context.rows.values()].map(({ createdAt: _made, ...row }) => row), savers: context.savers });
        expect(kept(batched)).toEqual(kept(oneByOne));
      }
      expect(sawBatchOfMany).toBe(true);
    });

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
      const refresh = new Date(readAt.getTime() + REFRESH_MS);
      expect(rows.get(id)).toMatchObject({ dueAt: refresh, readName: 'WOOL BLEND COAT', readBrand: 'Zara' });

      // Each capture at a time of its own after the read (a later capture wins), whatever the machine's speed.
      await saved(zaraCapture({ name: 'wool  blend coat' }), new Date(readAt.getTime() + 500));
      expect(rows.get(id)?.dueAt).toEqual(refresh);

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
      // Next read on the cadence: a day later for a product one shopper saves.
      const readAt = rows.get(id)?.lastReadAt as Date;
      expect(rows.get(id)).toMatchObject({ lastOutcome: 'product', etag: '"v1"', dueAt: new Date(readAt.getTime() + REFRESH_MS), failures: 0, savers: 1 });
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
      const rereadAt = rows.get(id)?.lastReadAt as Date;
      expect(rows.get(id)).toMatchObject({ lastOutcome: 'not-modified', readName: 'WOOL BLEND COAT', dueAt: new Date(rereadAt.getTime() + REFRESH_MS), unchangedReads: 1 });
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
      // A wall is not passed by asking again soon: only on the cadence, as a read that found nothing new.
      const walled_ = rows.get(walledId) as ProductPageRow;
      expect(walled_).toMatchObject({ lastOutcome: 'unreadable', lastReason: 'bot-wall', unchangedReads: 1, failures: 0 });
      expect((walled_.dueAt as Date).getTime() - (walled_.lastReadAt as Date).getTime()).toBe(REFRESH_MS);
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

  describe('the refresh schedule', () => {
    const readAgain = async (context: ReturnType<typeof setup>, id: string) => {
      context.dueNow(id);
      await context.service.runNow(ADMIN);
      const row = context.rows.get(id) as ProductPageRow;
      return { row, interval: (row.dueAt as Date).getTime() - (row.lastReadAt as Date).getTime() };
    };

    it('reads a page every six hours once POPULAR_SAVERS save it, counting each saver once', async () => {
      const context = setup();
      context.servePage(COAT_URL, zaraProductPage(COAT));
      for (let saver = 0; saver < 9; saver += 1) await context.saved(zaraCapture(), new Date(), `saver-${saver}`);
      // One saver saving again is still one saver.
      const id = await context.saved(zaraCapture(), new Date(), 'saver-0');
      await context.service.runNow(ADMIN);
      expect((await readAgain(context, id)).interval).toBe(REFRESH_MS);

      await context.saved(zaraCapture(), new Date(), 'saver-9');
      expect(context.rows.get(id)?.savers).toBe(10);
      expect((await readAgain(context, id)).interval).toBe(POPULAR_REFRESH_MS);
    });

    it('backs off a page that did not change for several reads, and reads it daily again once its price changes', async () => {
      const context = setup();
      context.servePage(COAT_URL, zaraProductPage(COAT));
      const id = await context.saved(zaraCapture());
      await context.service.runNow(ADMIN);
      // Three unchanged reads (304s) in a row: the fourth wait is QUIET_FACTOR days.
      expect((await readAgain(context, id)).interval).toBe(REFRESH_MS);
      expect((await readAgain(context, id)).interval).toBe(REFRESH_MS);
      expect((await readAgain(context, id)).interval).toBe(QUIET_FACTOR * REFRESH_MS);

      context.servePage(COAT_URL, zaraProductPage({ ...COAT, price: 99 }), '"v2"');
      const changed = await readAgain(context, id);
      expect(changed.row).toMatchObject({ readPrice: 99, unchangedReads: 0 });
      expect(changed.interval).toBe(REFRESH_MS);
      expect(context.payloads(OBSERVED).at(-1)).toMatchObject({ outcome: 'product', page: { price: 99 } });
    });

    it('follows PAGE_WATCH_REFRESH_MS', async () => {
      const context = setup({ PAGE_WATCH: 'test-hosts', PAGE_WATCH_REFRESH_MS: '5000' });
      context.servePage(COAT_URL, zaraProductPage(COAT));
      const id = await context.saved(zaraCapture());
      await context.service.runNow(ADMIN);
      const row = context.rows.get(id) as ProductPageRow;
      expect((row.dueAt as Date).getTime() - (row.lastReadAt as Date).getTime()).toBe(5000);
    });

    it('stops reading a page nobody saves any more, and puts it back on the cadence when someone saves it again', async () => {
      const context = setup();
      context.servePage(COAT_URL, zaraProductPage(COAT));
      const id = await context.saved(zaraCapture());
      await context.service.runNow(ADMIN);
      const readAt = context.rows.get(id)?.lastReadAt as Date;

      await context.service.saveRemoved(id, 'ada', new Date(), context.tx);
      expect(context.rows.get(id)).toMatchObject({ savers: 0, dueAt: null });
      await context.saved(zaraCapture(), new Date(Date.now() + 1000), 'grace');
      expect(context.rows.get(id)).toMatchObject({ savers: 1, dueAt: new Date(readAt.getTime() + REFRESH_MS) });
    });

    it('records no next read for a page whose last saver left while it was read', async () => {
      const context = setup();
      context.servePage(COAT_URL, zaraProductPage(COAT));
      const id = await context.saved(zaraCapture());
      const read = context.fetcher.fetch.getMockImplementation();
      context.fetcher.fetch.mockImplementationOnce(async (url, validators) => {
        await context.service.saveRemoved(id, 'ada', new Date(), context.tx);
        return (read as NonNullable<typeof read>)(url, validators);
      });
      await context.service.runNow(ADMIN);
      expect(context.rows.get(id)).toMatchObject({ lastOutcome: 'product', savers: 0, dueAt: null });
    });

    it('forgets an erased account\'s saves, and a late save of theirs counts for nothing', async () => {
      const context = setup();
      const id = await context.saved(zaraCapture(), new Date(), 'ada');
      await context.saved(zaraCapture(), new Date(), 'grace');
      await context.service.eraseAccount('ada', new Date(), context.tx);
      expect(context.rows.get(id)?.savers).toBe(1);
      const before = context.repository.recordSaves.mock.calls.length;
      await context.saved(zaraCapture(), new Date(), 'ada');
      expect(context.rows.get(id)?.savers).toBe(1);
      expect(context.savers.has(`${id}/ada`)).toBe(false);
      expect(context.repository.recordSaves.mock.calls.slice(before).flatMap(([saves]) => saves.map((save) => save.userId))).not.toContain('ada');
    });
  });

  describe('a page that is gone', () => {
    it('is confirmed by a second 404 or 410 an hour later, then published as gone (not deleted), without its validators', async () => {
      const { saved, service, servePage, serveUnreadable, payloads, rows, dueNow, asked } = setup();
      servePage(COAT_URL, zaraProductPage(COAT));
      const id = await saved(zaraCapture());
      await service.runNow(ADMIN);

      serveUnreadable(COAT_URL, { reason: 'http-status', detail: 'HTTP 404', status: 404 });
      dueNow(id);
      await service.runNow(ADMIN);
      const first = rows.get(id) as ProductPageRow;
      expect(first).toMatchObject({ goneReads: 1 });
      expect((first.dueAt as Date).getTime() - (first.lastReadAt as Date).getTime()).toBe(GONE_CONFIRM_MS);
      expect(payloads(OBSERVED).at(-1)).toMatchObject({ outcome: 'unreadable', reason: 'http-status' });

      serveUnreadable(COAT_URL, { reason: 'http-status', detail: 'HTTP 410', status: 410 });
      dueNow(id);
      await service.runNow(ADMIN);
      expect(payloads(OBSERVED).at(-1)).toEqual({ productId: id, url: COAT_URL, fetchedAt: expect.any(String), outcome: 'gone', status: 410 });
      const gone = rows.get(id) as ProductPageRow;
      expect(gone).toMatchObject({ goneReads: 2, etag: null });
      // Still read on the cadence, so a page that comes back is noticed.
      expect((gone.dueAt as Date).getTime() - (gone.lastReadAt as Date).getTime()).toBe(REFRESH_MS);

      servePage(COAT_URL, zaraProductPage(COAT));
      dueNow(id);
      await service.runNow(ADMIN);
      expect(asked.at(-1)).toEqual({ url: COAT_URL, validators: {} });
      expect(payloads(OBSERVED).at(-1)).toMatchObject({ outcome: 'product' });
      expect(rows.get(id)).toMatchObject({ goneReads: 0 });
    });

    it('is not gone after a 404 and then a good read, nor after one 404 and a server error', async () => {
      const { saved, service, servePage, serveUnreadable, payloads, rows, dueNow } = setup();
      const id = await saved(zaraCapture());
      serveUnreadable(COAT_URL, { reason: 'http-status', detail: 'HTTP 404', status: 404 });
      await service.runNow(ADMIN);
      servePage(COAT_URL, zaraProductPage(COAT));
      dueNow(id);
      await service.runNow(ADMIN);
      serveUnreadable(COAT_URL, { reason: 'http-status', detail: 'HTTP 404', status: 404 });
      dueNow(id);
      await service.runNow(ADMIN);
      serveUnreadable(COAT_URL, { reason: 'http-status', detail: 'HTTP 503', status: 503 });
      dueNow(id);
      await service.runNow(ADMIN);
      expect(rows.get(id)?.goneReads).toBe(1);
      expect(payloads(OBSERVED).map((event) => event.outcome)).not.toContain('gone');
    });
  });

  describe('hosts', () => {
    it('reads only pages of hosts the run leased, and releases them when it ends', async () => {
      const { saved, service, servePage, repository, fetcher } = setup();
      servePage(COAT_URL, zaraProductPage(COAT));
      await saved(zaraCapture());
      repository.leaseHosts.mockResolvedValueOnce([]);
      await expect(service.runScheduled()).resolves.toMatchObject({ read: 0 });
      expect(fetcher.fetch).not.toHaveBeenCalled();
      await expect(service.runScheduled()).resolves.toMatchObject({ read: 1 });
      expect(repository.releaseHosts).toHaveBeenCalledWith(expect.any(String), ['www.zara.com']);
    });

    it('leases a host for every PAGES_PER_LEASED_HOST pages of its batch, and frees at once a leased host it took no page of', async () => {
      const { saved, service, servePage, repository } = setup({ PAGE_WATCH: 'test-hosts', PAGE_WATCH_BATCH: '10' });
      servePage(COAT_URL, zaraProductPage(COAT));
      await saved(zaraCapture());
      repository.leaseHosts.mockResolvedValueOnce(['www.zara.com', 'www.cos.com']);
      await expect(service.runScheduled()).resolves.toMatchObject({ read: 1 });
      expect(repository.leaseHosts).toHaveBeenCalledWith(expect.any(String), expect.any(Date), expect.any(Date), 10 / PAGES_PER_LEASED_HOST);
      expect(repository.releaseHosts.mock.calls.map(([, hosts]) => hosts)).toEqual([['www.cos.com'], ['www.zara.com']]);
    });
  });
});
