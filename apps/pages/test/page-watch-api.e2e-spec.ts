import { apiCaller, madeUpWord, RUNTIME_MODES, type RuntimeMode, signUpSuiteUsers, type StartedProduct, supportedShopUrl } from '@closetly/all-in-one/testing';
import { type LiveEventsConnection, openLiveEvents } from '@closetly/api-client';
import type { ContestedProduct, LiveEvent, PageWatchRunResult, PriceHistory, ProductView, SearchResults, WardrobeItem } from '@closetly/contracts';
import { CAPTCHA_WALL, pollUntil, type RetailerSite, type SmtpCapture, startRetailerSite, startSmtpCapture, zaraProductPage } from '@closetly/testing';

const PASSWORD = 'Passw0rd!';
const ADMIN_EMAIL = 'page-watch-admin@example.com';
const USERS = ['admin', 'honest', 'liar1', 'liar2', 'liar3', 'first', 'liar', 'stranger', 'throwaway1', 'throwaway2', 'lone'] as const;
type User = (typeof USERS)[number];
/** Accounts that never confirm their address: their captures are their own alone. */
const UNPROVED: readonly User[] = ['throwaway1', 'throwaway2', 'lone'];

/**
 * Issue 22's "done when", end to end in both runtime modes: Zara's host is a
 * local site (OUTBOUND_TEST_HOSTS, PAGE_WATCH=test-hosts), page watch reads
 * when the administrator asks (POST /api/admin/page-watch/run; the schedule
 * is off), and what others see is read through the gateway:
 * - a verified product keeps what its page shows whatever three proved
 *   accounts and two unproved ones save;
 * - two unproved accounts agreeing change nothing anywhere;
 * - on a page nobody can read, an honest proved saver and a proved liar make
 *   the product contested, and it shows the first saver's version;
 * - a lone unproved saver's product is theirs alone.
 * And issue 25's: a saved page is read again on its cadence (shortened to
 * PAGE_WATCH_REFRESH_MS here); a new price is recorded, shown on the
 * product, in the lists, search and the saver's wardrobe, and announced
 * once (catalogue.price-changed.v1).
 */
describe.each(RUNTIME_MODES)('page watch API ($name mode)', (mode: RuntimeMode) => {
  let started: StartedProduct;
  let smtp: SmtpCapture;
  let site: RetailerSite;
  let betaToken: string;
  let stream: LiveEventsConnection | undefined;
  const users = {} as Record<User, string>;
  const word = madeUpWord();

  const call = apiCaller(() => started.product.baseUrl, () => betaToken);
  const save = async (user: User, data: Record<string, unknown>): Promise<string> => {
    const answer = await call<{ id: string }>('POST', '/api/save', { body: { data: { description: '', imageUrl: 'https://images.example.com/mine.jpg', ...data } }, token: users[user] });
    expect(answer.status).toBe(200);
    return answer.body.id;
  };
  const view = (id: string, user?: User) => call<ProductView>('GET', `/api/products/${id}`, user ? { token: users[user] } : {});
  const runPageWatch = async (): Promise<PageWatchRunResult> => {
    const answer = await call<PageWatchRunResult>('POST', '/api/admin/page-watch/run', { token: users.admin });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** Until the catalogue has derived the product (an administrator sees every product). */
  const inCatalogue = (id: string) => pollUntil(() => view(id, 'admin'), (answer) => answer.status === 200, { what: `product ${id} in the catalogue` });
  const contested = async (id: string) => (await call<ContestedProduct[]>('GET', '/api/admin/contested-products', { token: users.admin })).body.find((product) => product.productId === id);
  /** A Zara product page on the local site; its address as a shopper saves it. */
  const zaraPage = (slug: string, page: { status: number; body: (url: string) => string }) => {
    const path = `/us/en/${word.toLowerCase()}-${slug}-p0${Math.floor(Math.random() * 1e8)}.html`;
    const url = `https://www.zara.com${path}`;
    site.pages.set(path, { status: page.status, body: page.body(url), etag: `"${slug}-v1"` });
    return { path, url };
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    site = await startRetailerSite('127.0.0.5');
    started = await mode.start({
      RATE_LIMIT_MULTIPLIER: '10',
      ADMIN_EMAILS: ADMIN_EMAIL,
      SMTP_URL: smtp.url,
      PAGE_WATCH: 'test-hosts',
      OUTBOUND_TEST_HOSTS: `www.zara.com=${site.address}`,
      PAGE_WATCH_PACE_MS: '100',
      PAGE_WATCH_INTERVAL_MS: '0',
      // Saved pages come due again three seconds after a read, so a refresh happens within the test (the default is a day).
      PAGE_WATCH_REFRESH_MS: '3000',
    });
    betaToken = await started.product.betaToken();
    Object.assign(users, await signUpSuiteUsers(call, USERS, { email: ADMIN_EMAIL, password: PASSWORD, baseUrl: started.product.baseUrl, betaToken, smtp }, () => ({}), UNPROVED));
  }, 240_000);
  afterAll(async () => {
    stream?.close();
    await started?.stop();
    await site?.close();
    await smtp?.close();
  });

  it('lets only an administrator run page watch', async () => {
    expect((await call('POST', '/api/admin/page-watch/run')).status).toBe(401);
    expect((await call('POST', '/api/admin/page-watch/run', { token: users.stranger })).status).toBe(403);
    expect(await runPageWatch()).toEqual(expect.objectContaining({ read: expect.any(Number), products: expect.any(Number), unreadable: expect.any(Number), notModified: expect.any(Number) }));
  });

  it('shows what the page shows once it is read, and three proved liars and two unproved accounts change none of it', async () => {
    const pageImage = `https://static.zara.net/photos/${word.toLowerCase()}-coat.jpg`;
    const coat = zaraPage('coat', { status: 200, body: (url) => zaraProductPage({ url, name: `${word} WOOL COAT`, price: 129, imageUrl: pageImage, description: 'A coat in a wool blend.' }) });
    const id = await save('honest', { sourceUrl: coat.url, name: `${word} WOOL COAT`, brand: 'Zara', price: 129 });

    // Read (as often as it takes page watch to learn of the save) until others see the page's image and description.
    const verified = await pollUntil(
      async () => {
        await runPageWatch();
        return view(id);
      },
      (answer) => answer.status === 200 && answer.body.imageUrl === pageImage,
      { what: 'the page read and shown', intervalMs: 200 },
    );
    expect(verified.body).toMatchObject({ name: `${word} WOOL COAT`, brand: 'Zara', price: 129, currency: 'USD', description: 'A coat in a wool blend.' });
    expect(site.requests.find((request) => request.path === coat.path)?.userAgent).toMatch(/^Closetly-PageWatch\/1\.0 \(\+http.*\/about\)$/);

    for (const throwaway of ['throwaway1', 'throwaway2'] as const) await save(throwaway, { sourceUrl: coat.url, name: 'TAMPERED COAT', brand: 'Zara', price: 1 });
    for (const liar of ['liar1', 'liar2', 'liar3'] as const) await save(liar, { sourceUrl: coat.url, name: 'TAMPERED COAT', brand: 'Zara', price: 1 });
    // The catalogue has every proved capture once the contest lists the three liars (one product's saves arrive in order, the unproved ones first).
    const contest = await pollUntil(() => contested(id), (found) => (found?.captures.length ?? 0) === 4, { what: 'the liars\' captures in the contest', intervalMs: 200 });
    expect(contest?.reasons).toContain('page');
    expect(contest?.page).toMatchObject({ name: `${word} WOOL COAT`, price: 129 });

    for (const user of [undefined, 'stranger'] as const) {
      expect((await view(id, user)).body).toMatchObject({ name: `${word} WOOL COAT`, brand: 'Zara', price: 129, imageUrl: pageImage });
    }
    // Each liar still sees their own capture.
    expect((await view(id, 'liar1')).body).toMatchObject({ name: 'TAMPERED COAT', price: 1 });
    const found = await pollUntil(
      async () => (await call<SearchResults>('GET', `/api/search?q=${encodeURIComponent(word)}`)).body.products.filter((product) => product.id === id),
      (products) => products.length > 0,
      { what: 'the coat in search', intervalMs: 200 },
    );
    expect(found.map((product) => product.name)).toEqual([`${word} WOOL COAT`]);
  });

  it('two unproved accounts agreeing on a product change nothing anywhere', async () => {
    const shop = `https://${word.toLowerCase()}-boutique.example/p/linen-shirt`;
    const name = `${word} Linen Shirt`;
    const id = await save('throwaway1', { sourceUrl: shop, name, brand: `${word} Atelier`, price: 40 });
    await save('throwaway2', { sourceUrl: shop, name, brand: `${word} Atelier`, price: 40 });
    await inCatalogue(id);
    await runPageWatch();

    expect((await view(id)).status).toBe(404);
    expect((await view(id, 'stranger')).status).toBe(404);
    for (const throwaway of ['throwaway1', 'throwaway2'] as const) expect((await view(id, throwaway)).status).toBe(200);
    const found = await call<SearchResults>('GET', `/api/search?q=${encodeURIComponent(`${word} Linen Shirt`)}`);
    expect(found.body.products.map((product) => product.id)).not.toContain(id);
    const popular = await call<ProductView[]>('GET', '/api/popular-items');
    expect(popular.body.map((product) => product.id)).not.toContain(id);
  });

  it('on a page nobody can read, an honest proved saver and a proved liar make the product contested, and it shows the first saver\'s version', async () => {
    // A supported shop's page that is not one of the test hosts: page watch records it unreadable (not-a-test-host).
    const url = supportedShopUrl();
    const id = await save('first', { sourceUrl: url, name: `${word} Cable Knit Jumper`, brand: 'COS', price: 89 });
    await inCatalogue(id);
    await save('liar', { sourceUrl: url, name: 'TAMPERED JUMPER', brand: 'COS', price: 1 });
    await runPageWatch();

    const contest = await pollUntil(() => contested(id), (found) => (found?.captures.length ?? 0) === 2, { what: 'the contest', intervalMs: 200 });
    expect(contest?.reasons).toEqual(expect.arrayContaining(['name-brand', 'price']));
    expect(contest?.page).toBeNull();
    expect(contest?.shown).toMatchObject({ name: `${word} Cable Knit Jumper`, price: 89, listed: true });
    expect(contest?.captures.find((capture) => capture.first)).toMatchObject({ name: `${word} Cable Knit Jumper` });
    expect((await view(id, 'stranger')).body).toMatchObject({ name: `${word} Cable Knit Jumper`, brand: 'COS', price: 89 });
  });

  it('a lone unproved saver\'s product, on a page behind a bot wall, is visible to that saver only', async () => {
    const walled = zaraPage('walled', { status: 503, body: () => CAPTCHA_WALL });
    const id = await save('lone', { sourceUrl: walled.url, name: `${word} PLEATED SKIRT`, brand: 'Zara', price: 59 });
    await inCatalogue(id);
    await pollUntil(
      async () => {
        await runPageWatch();
        return site.requests.filter((request) => request.path === walled.path).length;
      },
      (reads) => reads > 0,
      { what: 'the walled page read', intervalMs: 200 },
    );

    expect((await view(id, 'lone')).status).toBe(200);
    expect((await view(id, 'stranger')).status).toBe(404);
    expect((await view(id)).status).toBe(404);
  });

  it('refreshes a saved page on its cadence: a new price is recorded, shown on the product, in the lists, search and the wardrobe, and announced once', async () => {
    const name = `${word} TRENCH COAT`;
    const pageImage = `https://static.zara.net/photos/${word.toLowerCase()}-trench.jpg`;
    const pageOf = (price: number) => (url: string) => zaraProductPage({ url, name, price, imageUrl: pageImage, description: 'A trench coat.' });
    const trench = zaraPage('trench', { status: 200, body: pageOf(150) });
    const id = await save('honest', { sourceUrl: trench.url, name, brand: 'Zara', price: 150 });
    await pollUntil(
      async () => {
        await runPageWatch();
        return view(id);
      },
      (answer) => answer.status === 200 && answer.body.imageUrl === pageImage,
      { what: 'the trench page read and shown', intervalMs: 200 },
    );
    // What the saver's devices are told (one live event per catalogue.price-changed.v1 event): counted for this
    // product only, since the earlier tests' pages are refreshed on the same cadence, and by event, since the
    // outbox may send an event twice (at least once) and a consumer sees it once.
    const told: LiveEvent[] = [];
    let ready = false;
    stream = openLiveEvents({
      baseUrl: started.product.baseUrl,
      getBetaToken: () => betaToken,
      getAccessToken: () => users.honest,
      onEvent: (event) => told.push(event),
      onControl: (control) => (ready ||= control.type === 'ready'),
    });
    // The first page read named the currency of the saved bare price (150 USD): no change to tell anyone.
    const toldPrices = () => told.flatMap((event) => (event.type === 'price-changed' && event.productId === id ? [event.price] : []));
    const priceChanges = () => toldPrices().length;
    await pollUntil(() => ready, Boolean, { what: 'the saver’s live events' });
    const before = priceChanges();

    // The shop marks it down; the next refresh (not a capture) reads it.
    site.pages.set(trench.path, { status: 200, body: pageOf(120)(trench.url), etag: '"trench-v2"' });
    const reduced = await pollUntil(
      async () => {
        await runPageWatch();
        return view(id, 'stranger');
      },
      (answer) => answer.body.price === 120,
      { what: 'the new price after a refresh', intervalMs: 500, timeoutMs: 60_000 },
    );
    expect(reduced.body).toMatchObject({ price: 120, currency: 'USD', available: true, priceDrop: { percent: 20, from: 150 } });

    const popular = await pollUntil(
      async () => (await call<ProductView[]>('GET', '/api/popular-items')).body.find((product) => product.id === id),
      (product) => product?.price === 120,
      { what: 'the new price in the popular list', intervalMs: 200 },
    );
    expect(popular?.priceDrop).toMatchObject({ percent: 20 });
    const onSale = await pollUntil(
      async () => (await call<SearchResults>('GET', `/api/search?q=${encodeURIComponent(`${word} trench`)}&sale=1`)).body,
      (results) => results.products.some((product) => product.id === id && product.price === 120),
      { what: 'the new price on sale in search', intervalMs: 200 },
    );
    expect(onSale.facets.sale).toEqual([{ value: '1', label: 'On sale', count: onSale.total }]);
    const wardrobe = await pollUntil(
      async () => (await call<WardrobeItem[]>('GET', '/api/get-wardrobe', { token: users.honest })).body.find((item) => item.id === id),
      (item) => item?.priceDrop?.percent === 20,
      { what: 'the drop badge in the wardrobe', intervalMs: 200 },
    );
    // The saver's own capture keeps what they saw; the badge is the shared product's.
    expect(wardrobe).toMatchObject({ price: 150, priceDrop: { percent: 20, from: 150 } });

    // Announced once, and not again by a later refresh that finds the page unchanged (a 304).
    await pollUntil(priceChanges, (count) => count >= before + 1, { what: 'the price change told to the saver', intervalMs: 200 });
    const reads = site.requests.filter((request) => request.path === trench.path).length;
    await pollUntil(
      async () => {
        await runPageWatch();
        return site.requests.filter((request) => request.path === trench.path);
      },
      (requests) => requests.length > reads && requests.at(-1)?.ifNoneMatch === '"trench-v2"',
      { what: 'a refresh that finds the page unchanged', intervalMs: 500, timeoutMs: 60_000 },
    );
    expect(priceChanges()).toBe(before + 1);
    expect(toldPrices()).toEqual([120]);

    // The saver's history: both page reads (and the capture), never whose; anyone else is told it does not exist.
    const history = await call<PriceHistory>('GET', `/api/products/${id}/price-history`, { token: users.honest });
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ productId: id, currency: 'USD', low: 120, high: 150 });
    expect(history.body.points.filter((point) => point.source === 'page').map((point) => point.amount)).toEqual([150, 120]);
    expect((await call('GET', `/api/products/${id}/price-history`, { token: users.stranger })).status).toBe(404);
    expect((await call('GET', `/api/products/${id}/price-history`)).status).toBe(401);

    // The extension's read of the saved page: the saver's observation; the verified page still decides the price.
    const observed = await call<{ recorded: boolean }>('POST', '/api/price-observations', { body: { productId: id, price: '$99.00' }, token: users.honest });
    expect(observed).toMatchObject({ status: 200, body: { recorded: true } });
    expect((await call('POST', '/api/price-observations', { body: { productId: id, price: 99 }, token: users.stranger })).status).toBe(404);
    expect((await call('POST', '/api/price-observations', { body: { productId: id, price: 'soon' }, token: users.honest })).status).toBe(400);
    expect((await view(id, 'stranger')).body.price).toBe(120);
  });
});
