/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiClient } from '@closetly/api-client';
import { startEmbeddedProduct } from '@closetly/all-in-one/testing';
import { pollUntil } from '@closetly/testing';
import { fixturePage } from '@closetly/product-extraction/test/fixture-cases';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { audit, startAuditTable } from '@closetly/web/test/accessibility';

/**
 * The Chrome extension, built (npm run build:extension) and loaded into Debian's Chromium,
 * against the embedded product and a shop served from this machine: the web app signs it
 * in with a token of its own, the popup saves the shop's product, the page then shows as
 * saved, a removal or save made on the web reaches the open shop tab through the live events
 * stream (also after Chrome stopped the idle worker), and signing out of the web app signs the
 * extension out.
 */
const EXTENSION_DIR = path.resolve(__dirname, '..', 'dist', 'unpacked');
const EXTENSION_ID = 'biimnflmieaonbnklpgcbelpedianjpk';
const SCREENSHOTS = path.resolve(__dirname, '..', '..', 'test-output', 'screenshots');
const PASSWORD = 'Extens10n!Pass';

const productName = `Relaxed Linen Overshirt ${randomBytes(3).toString('hex')}`;

/** A shop's product page in the markup shops serve: JSON-LD Product, OpenGraph, a canonical link. */
function productPage(origin: string): string {
  const canonical = `${origin}/products/linen-overshirt`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: productName,
    brand: { '@type': 'Brand', name: 'Arket' },
    image: [`${origin}/images/overshirt.svg`],
    description: 'A relaxed overshirt in washed linen with two chest pockets.',
    color: 'Oat',
    offers: { '@type': 'Offer', price: '89.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock', url: canonical },
  };
  return `<!doctype html><html><head><title>${productName} | Arket</title>
<link rel="canonical" href="${canonical}">
<meta property="og:title" content="${productName}"><meta property="og:type" content="product">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head>
<body><nav aria-label="breadcrumb"><ol><li>Men</li><li>Shirts</li></ol></nav><h1>${productName}</h1><p>$89.00</p></body></html>`;
}

/** A marketplace product page with no structured data (the extraction fixture), its images served from this shop so nothing leaves the machine. */
function marketplacePage(origin: string): string {
  return fixturePage('marketplace-byline-whole-fraction.html').replaceAll('https://m.media-amazon.com/images/I/', `${origin}/marketplace-images/`);
}

const SHIRT_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 400"><rect width="300" height="400" fill="#e9e1d4"/><path d="M90 80l60-20 60 20 50 60-40 30-20-20v190H100V150l-20 20-40-30z" fill="#8a7a62"/></svg>';

describe('the Chrome extension in Chromium (web app sign-in, popup save, saved page, sign-out)', () => {
  let product: Awaited<ReturnType<typeof startEmbeddedProduct>>;
  let shop: Server;
  let shopOrigin: string;
  let context: BrowserContext;
  let profileDir: string;
  let worker: Worker;

  beforeAll(async () => {
    product = await startEmbeddedProduct({ HOST: '127.0.0.1' });
    shop = createServer((request, response) => {
      if (request.url === '/products/linen-overshirt' || request.url?.startsWith('/products/linen-overshirt?')) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(productPage(shopOrigin));
      } else if (request.url === '/dp/B07GQZ1QW3') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(marketplacePage(shopOrigin));
      } else if (request.url === '/images/overshirt.svg' || request.url?.startsWith('/marketplace-images/')) {
        response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SHIRT_SVG);
      } else if (request.url === '/journal') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><html><head><title>Journal | Arket</title></head><body><h1>Our journal</h1><p>Stories about linen.</p></body></html>');
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const address = shop.address();
    shopOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    profileDir = await mkdtemp(path.join(tmpdir(), 'closetly-extension-'));
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
      headless: true,
      viewport: { width: 1280, height: 800 },
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', `--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`],
    });
    worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    extensionScope = worker;
    await mkdir(SCREENSHOTS, { recursive: true });
    await startAuditTable('extension-popup.md');
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await new Promise<void>((resolve) => (shop ? shop.close(() => resolve()) : resolve()));
    await product?.stop();
    if (profileDir) await rm(profileDir, { recursive: true, force: true });
  }, 60_000);

  /**
   * Where the test reads the extension's state: its service worker, or an extension page once the test
   * has stopped the worker (Playwright keeps the stopped worker's handle, and its calls never return).
   */
  let extensionScope: Pick<Worker, 'evaluate'>;
  /** What the extension keeps in chrome.storage.local. */
  const storedSession = () => extensionScope.evaluate(async () => (await chrome.storage.local.get('session')).session as { token: string; apiBaseUrl: string; email?: string } | undefined);
  const tabIdOf = (url: string) => extensionScope.evaluate(async (address) => (await chrome.tabs.query({ url: address }))[0]?.id, url);
  /** The pages the declarativeContent rules match (host and path), by which the browser shows the saved icon. */
  const savedPageRules = () =>
    extensionScope.evaluate(
      () =>
        new Promise<string[]>((resolve) =>
          chrome.declarativeContent.onPageChanged.getRules((rules) =>
            resolve(rules.flatMap((rule) => rule.conditions.map((condition) => JSON.stringify((condition as { pageUrl?: unknown }).pageUrl ?? condition)))),
          ),
        ),
    );
  const matchesShopPage = (rules: string[]) => rules.some((rule) => rule.includes('"/products/linen-overshirt"'));
  const badgeOf = (tabId: number) => extensionScope.evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);
  const liveAlarms = () => extensionScope.evaluate(() => chrome.alarms.getAll());
  const liveEventId = () => extensionScope.evaluate(async () => (await chrome.storage.session.get('liveEventId')).liveEventId as string | undefined);

  /** Stops the extension's service worker, as Chrome does when it is idle (chrome://serviceworker-internals' Stop). */
  async function stopServiceWorker(): Promise<void> {
    const internals = await context.newPage();
    await internals.goto('chrome://serviceworker-internals/');
    await internals.locator('.serviceworker-registration').filter({ hasText: `chrome-extension://${EXTENSION_ID}/` }).getByText('Stop', { exact: true }).click();
    await pollUntil(
      async () => {
        await internals.reload();
        return internals.locator('.serviceworker-registration').filter({ hasText: `chrome-extension://${EXTENSION_ID}/` }).locator('.serviceworker-running-status .value').innerText();
      },
      (status) => status === 'STOPPED',
      { what: 'the extension worker stopped' },
    );
    await internals.close();
  }

  async function openPopupFor(url: string, name: string): Promise<Page> {
    const tabId = await pollUntil(() => tabIdOf(url), (id) => typeof id === 'number', { what: `the tab of ${url}` });
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 360, height: 600 });
    await popup.goto(`chrome-extension://${EXTENSION_ID}/popup.html?tab=${tabId}`);
    await popup.getByText('Reading this page…').waitFor({ state: 'detached' });
    await popup.screenshot({ path: path.join(SCREENSHOTS, `extension-popup-${name}.png`), fullPage: true });
    return popup;
  }

  it('is served by the gateway as a zip for side-loading, with no beta token needed', async () => {
    const response = await fetch(`${product.baseUrl}/downloads/closetly-extension.zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="closetly-extension.zip"');
    const zip = Buffer.from(await response.arrayBuffer());
    expect(zip.subarray(0, 4).toString('binary')).toBe('PK\x03\x04');
    expect(zip.toString('binary')).toContain('manifest.json');
  });

  it('is signed in by the web app, saves the shop’s product from the popup, knows the page is saved, and is signed out with the app', async () => {
    const betaToken = await product.betaToken();
    const api = createApiClient({ baseUrl: product.baseUrl, getBetaToken: () => betaToken });
    const email = `shopper-${randomBytes(5).toString('hex')}@example.com`;
    await api.signUp({ firstName: 'Ada', lastName: 'Lovelace', email, password: PASSWORD, gender: 'female' });

    // Signed out: the popup asks the user to sign in on the web app.
    const shopPage = await context.newPage();
    await shopPage.goto(`${shopOrigin}/products/linen-overshirt?utm_source=newsletter`);
    const signedOutPopup = await openPopupFor(`${shopOrigin}/products/linen-overshirt?utm_source=newsletter`, 'signed-out');
    expect(await signedOutPopup.getByRole('link', { name: 'Sign in to Closetly' }).isVisible()).toBe(true);
    // Issue 27: each state of the popup meets WCAG 2.2 AA.
    expect(await audit(signedOutPopup, 'Extension popup, signed out')).toEqual([]);
    await signedOutPopup.close();

    // Sign in on the web app: the extension receives a token of its own.
    const app = await context.newPage();
    await app.goto(`${product.baseUrl}/signin`);
    await app.getByLabel('Verification code').fill(product.demoBetaCode);
    await app.getByRole('button', { name: 'Verify Code' }).click();
    await app.getByLabel('Email address').fill(email);
    await app.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await app.getByRole('button', { name: 'Sign in', exact: true }).click();
    await app.waitForURL(`${product.baseUrl}/`);
    const session = await pollUntil(storedSession, Boolean, { what: 'the extension signed in' });
    const appToken = await app.evaluate<string | undefined>(`JSON.parse(window.localStorage.getItem('closetly.session') ?? 'null')?.accessToken`);
    expect(session?.email).toBe(email);
    expect(session?.apiBaseUrl).toBe(product.baseUrl);
    expect(session?.token).not.toBe(appToken);
    expect(JSON.parse(Buffer.from(session?.token.split('.')[1] ?? '', 'base64url').toString())).toMatchObject({ typ: 'extension' });
    // Signed in, the worker asks to be woken while Chrome runs, so its live stream stays open.
    expect(await pollUntil(liveAlarms, (alarms) => alarms.length > 0, { what: 'the live events alarm' })).toEqual([expect.objectContaining({ name: 'closetly-live-events', periodInMinutes: 0.5 })]);

    // The popup shows the product the page describes; save it.
    const popup = await openPopupFor(`${shopOrigin}/products/linen-overshirt?utm_source=newsletter`, 'product');
    expect(await popup.getByLabel('Name').inputValue()).toBe(productName);
    expect(await popup.getByLabel('Brand').inputValue()).toBe('Arket');
    expect(await popup.getByLabel('Price').inputValue()).toBe('89');
    // The colour the page states, corrected by the shopper.
    expect(await popup.getByLabel('Colour').inputValue()).toBe('Oat');
    expect(await audit(popup, 'Extension popup, ready to save')).toEqual([]);
    await popup.getByLabel('Colour').fill('Washed Sand');
    await popup.getByRole('button', { name: 'Save to Closetly' }).click();
    await popup.getByText('Saved ✓').waitFor();
    await popup.screenshot({ path: path.join(SCREENSHOTS, 'extension-popup-saved.png'), fullPage: true });
    expect(await audit(popup, 'Extension popup, saved')).toEqual([]);
    await popup.close();

    // It is in My Wardrobe, with the page's canonical address.
    await app.goto(`${product.baseUrl}/my-wardrobe`);
    await app.getByRole('listitem').filter({ hasText: productName }).waitFor();
    // The extension is installed, so My Wardrobe offers no install banner.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await app.getByRole('complementary', { name: 'Browser extension' }).count()).toBe(0);
    const client = createApiClient({ baseUrl: product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session?.token ?? null });
    const [saved] = await client.getWardrobe();
    expect(saved).toMatchObject({ name: productName, brand: 'Arket', price: 89, colour: 'Washed Sand', sourceUrl: `${shopOrigin}/products/linen-overshirt` });

    // A marketplace page with no structured data: the popup reads its title element, byline brand and buy-box price.
    const marketplace = await context.newPage();
    await marketplace.goto(`${shopOrigin}/dp/B07GQZ1QW3`);
    const marketplacePopup = await openPopupFor(`${shopOrigin}/dp/B07GQZ1QW3`, 'marketplace');
    expect(await marketplacePopup.getByLabel('Name').inputValue()).toBe("Levi's Women's 501 Original Fit Jeans");
    expect(await marketplacePopup.getByLabel('Brand').inputValue()).toBe("Levi's");
    expect(await marketplacePopup.getByLabel('Price').inputValue()).toBe('59.5');
    expect(await marketplacePopup.getByLabel('Colour').inputValue()).toBe('Dark Indigo Worn In');
    await marketplacePopup.close();
    await marketplace.close();

    // Revisit the page: the browser shows the saved icon by the extension's rule, and the popup knows it.
    const revisit = await context.newPage();
    await revisit.goto(`${shopOrigin}/products/linen-overshirt`);
    const rules = await worker.evaluate(() => new Promise<chrome.events.Rule[]>((resolve) => chrome.declarativeContent.onPageChanged.getRules(resolve)));
    expect(JSON.stringify(rules)).toContain('/products/linen-overshirt');
    await shopPage.close();
    // Opened on a saved page, the popup sends the price the page shows as an observation (issue 25).
    const observation = context.waitForEvent('request', { predicate: (request) => request.url().endsWith('/api/price-observations'), timeout: 20_000 });
    const again = await openPopupFor(`${shopOrigin}/products/linen-overshirt`, 'already-saved');
    await again.getByText('Saved ✓').waitFor();
    const sent = await observation;
    expect(sent.method()).toBe('POST');
    expect(sent.postDataJSON()).toEqual({ productId: expect.any(String), price: 89 });
    expect(sent.headers()['authorization']).toMatch(/^Bearer /);
    expect(await again.getByRole('button', { name: 'Remove' }).isVisible()).toBe(true);
    const revisitTab = (await tabIdOf(`${shopOrigin}/products/linen-overshirt`)) as number;
    expect(await badgeOf(revisitTab)).toBe('✓');
    await again.close();

    // Removed on the web (with the app's own token, as My Wardrobe's Remove does): the live events stream
    // clears the saved icon's rule and the tab's ✓, with the shop's tab left as it is.
    const web = createApiClient({ baseUrl: product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => appToken ?? null });
    const shopPageKey = `${new URL(shopOrigin).hostname}/products/linen-overshirt`;
    const savedPages = () => extensionScope.evaluate(async () => (await chrome.storage.local.get('savedPages')).savedPages as Record<string, string> | undefined);
    await web.removeFromWardrobe(saved?.id ?? '');
    await pollUntil(savedPageRules, (rules) => !matchesShopPage(rules), { what: 'the saved icon rule dropped after a removal on the web' });
    await pollUntil(() => badgeOf(revisitTab), (text) => text === '', { what: 'the ✓ badge cleared after a removal on the web' });
    expect(await savedPages()).not.toHaveProperty([shopPageKey]);
    expect(revisit.url()).toBe(`${shopOrigin}/products/linen-overshirt`);
    const removedElsewhere = await openPopupFor(`${shopOrigin}/products/linen-overshirt`, 'removed-on-the-web');
    expect(await removedElsewhere.getByRole('button', { name: 'Save to Closetly' }).isVisible()).toBe(true);
    await removedElsewhere.close();

    // Saved on the web: the page is saved again, and its rule back, without the shop's tab reloading.
    const savedOnTheWeb = await web.saveItem({ name: productName, brand: 'Arket', price: 89, sourceUrl: `${shopOrigin}/products/linen-overshirt` });
    await pollUntil(savedPageRules, (rules) => matchesShopPage(rules), { what: 'the saved icon rule back after a save on the web' });
    expect(await savedPages()).toHaveProperty([shopPageKey], savedOnTheWeb.id);
    const resaved = await openPopupFor(`${shopOrigin}/products/linen-overshirt`, 'saved-on-the-web');
    await resaved.getByText('Saved ✓').waitFor();
    await resaved.close();
    expect(await badgeOf(revisitTab)).toBe('✓');

    // Chrome stops an idle worker, and its stream with it. A removal made meanwhile is not lost: the worker,
    // woken by the app's next message, resumes the stream from the last event it applied.
    const resumeFrom = await pollUntil(liveEventId, Boolean, { what: 'a resume point stored' });
    await stopServiceWorker();
    const extensionPage = await context.newPage();
    await extensionPage.goto(`chrome-extension://${EXTENSION_ID}/popup.html?tab=-1`);
    extensionScope = extensionPage;
    expect(matchesShopPage(await savedPageRules())).toBe(true);
    expect(await savedPages()).toHaveProperty([shopPageKey], savedOnTheWeb.id);
    await web.removeFromWardrobe(savedOnTheWeb.id);
    await app.evaluate((id) => new Promise((resolve) => chrome.runtime.sendMessage(id, { type: 'CLOSETLY_PING' }, resolve)), EXTENSION_ID);
    await pollUntil(savedPageRules, (rules) => !matchesShopPage(rules), { what: 'the removal made while the worker was stopped applied' });
    await pollUntil(() => badgeOf(revisitTab), (text) => text === '', { what: 'the ✓ badge cleared after the worker woke' });
    expect(await savedPages()).not.toHaveProperty([shopPageKey]);
    expect(await liveEventId()).not.toBe(resumeFrom);

    // A page with no product: the popup says so and offers manual entry.
    const journal = await context.newPage();
    await journal.goto(`${shopOrigin}/journal`);
    const nothing = await openPopupFor(`${shopOrigin}/journal`, 'no-product');
    expect(await nothing.getByText('No product found on this page').isVisible()).toBe(true);
    await nothing.getByRole('button', { name: 'Enter it by hand' }).click();
    await nothing.getByLabel('Name').waitFor();
    expect(await audit(nothing, 'Extension popup, entered by hand')).toEqual([]);
    await nothing.screenshot({ path: path.join(SCREENSHOTS, 'extension-popup-manual.png'), fullPage: true });
    await nothing.close();

    // The app's presence poll found the extension signed in as its user all along: it never signed it in again.
    expect((await storedSession())?.token).toBe(session?.token);

    // Log out on the web app: the extension forgets its token and saved pages, and the token is dead.
    await app.goto(`${product.baseUrl}/`);
    await app.getByRole('banner').getByRole('button', { name: /^Account menu/ }).click();
    await app.getByRole('menuitem', { name: 'Logout' }).click();
    await pollUntil(storedSession, (stored) => stored === undefined, { what: 'the extension signed out' });
    expect(await extensionScope.evaluate(async () => Object.keys(await chrome.storage.local.get(null)))).toEqual([]);
    expect(await extensionScope.evaluate(async () => Object.keys(await chrome.storage.session.get(null)))).toEqual([]);
    await pollUntil(liveAlarms, (alarms) => alarms.length === 0, { what: 'the live events alarm cleared' });
    await expect(client.getWardrobe()).rejects.toMatchObject({ status: 401 });
    // One long journey, with an accessibility audit of four of the popup's states (issue 27).
  }, 120_000);
});
