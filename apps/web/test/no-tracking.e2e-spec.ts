/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { createApiClient, type ApiClient } from '@closetly/api-client';
import type { ProductView, SignUpRequest } from '@closetly/contracts';
import { pollUntil, proveEmailByResetLink, type SmtpCapture, startSmtpCapture } from '@closetly/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { type NetworkQuiet, passBetaGate, screenshot, useBrowserAndProduct, type Viewport, VIEWPORTS, waitInPage, watchNetworkQuiet } from './browser';

/**
 * Everything the app may keep in localStorage (spec §3 "Local storage keys", privacy policy "No cookies or
 * tracking"), written out rather than imported so that a new key fails this test until it is named here.
 */
const ALLOWED_LOCAL_STORAGE_KEYS = new Set([
  // BETA_TOKEN_STORAGE_KEY, libs/contracts/src/beta.ts (spec §3: betaToken).
  'betaToken',
  // SESSION_STORAGE_KEY, apps/web/src/features/auth/lib/session-storage.ts (spec §3: "a stored identity token").
  'closetly.session',
  // WARDROBE_CACHE_KEY, apps/web/src/features/wardrobe/lib/wardrobe-cache.ts (spec §3: "wardrobe caches").
  'closetly.wardrobe.v1',
  // The catalogue pages' list caches, apps/web/src/features/catalogue/lib/catalogue-lists.ts (spec §3, by name):
  // /women and /men: popularItems_{gender}, then {gender}_{tops,bottoms,shoes,outerwear} ...
  ...['women', 'men'].flatMap((gender) => [`popularItems_${gender}`, ...['tops', 'bottoms', 'shoes', 'outerwear'].map((category) => `${gender}_${category}`)]),
  // ... and /accessories: POPULAR_ACCESSORIES and ALL_ACCESSORIES.
  'popularItems_accessories',
  'accessories_accessories',
]);

/** sessionStorage: the scroll positions of the tab's history entries (apps/web/src/app/navigation/scroll-restoration.ts). */
const ALLOWED_SESSION_STORAGE_KEYS = new Set(['closetly:scroll-positions']);

const PASSWORD = 'N0Tracking!Pass';

/** What one browser profile asked for and was answered, over a whole walk through the app. */
interface Traffic {
  urls: string[];
  /** Every answer that tried to set a cookie: its URL. */
  setCookie: string[];
  /** The requests the service worker made itself (its precache), to be sure they were watched too. */
  fromServiceWorker: string[];
}

/**
 * Records every request of the context: pages, scripts, styles, images, fonts, the API, and the service
 * worker's own fetches (Playwright reports those on the context too), with any Set-Cookie in the answers.
 */
function watch(context: BrowserContext): Traffic {
  const traffic: Traffic = { urls: [], setCookie: [], fromServiceWorker: [] };
  context.on('request', (request) => {
    traffic.urls.push(request.url());
    if (request.serviceWorker()) traffic.fromServiceWorker.push(request.url());
  });
  context.on('response', (response) => {
    void response
      .headerValue('set-cookie')
      .then((value) => {
        if (value !== null) traffic.setCookie.push(response.url());
      })
      .catch(() => undefined);
  });
  return traffic;
}

/**
 * One walk, on the desktop width: what the app stores and asks for does not depend on the width, and a second
 * walk at 390 px cost half a minute of the suite's budget. The phone layout's screens are shot by their own suites.
 */
const WALKED_VIEWPORTS = [VIEWPORTS[0]];

describe('no cookies, no third parties, nothing stored beyond what the app names (every screen in Chromium)', () => {
  const admins = WALKED_VIEWPORTS.map((viewport) => `walker-${viewport.width}-${randomBytes(5).toString('hex')}@example.com`);
  let smtp: SmtpCapture;
  let betaToken: string;
  let api: ApiClient;
  /** A product of the demo catalogue that is listed and searchable. */
  let product: ProductView;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  // The demo catalogue's sample fills the home rows, the category pages and search with products whose
  // pictures the gateway serves; each walker is an administrator, so /admin shows its tables.
  const suite = useBrowserAndProduct(() => ({ SEED_DEMO_CATALOGUE: 'sample', ADMIN_EMAILS: admins.join(','), SMTP_URL: smtp.url, RATE_LIMIT_MULTIPLIER: '10' }));
  const url = suite.url;

  beforeAll(async () => {
    betaToken = await suite.product.betaToken();
    api = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken });
    for (const email of admins) {
      await api.signUp(account(email));
      await proveEmailByResetLink({ baseUrl: suite.product.baseUrl, betaToken, smtp, email, password: PASSWORD });
    }
    const popular = await pollUntil(() => api.getPopularItems(), (list) => list.length > 0, { timeoutMs: 60_000, what: 'popular items' });
    product = popular[0]!;
    await pollUntil(() => api.search({ q: product.brand }), (results) => results.total > 0, { timeoutMs: 60_000, what: `${product.brand} searchable` });
  }, 180_000);

  const account = (email: string): SignUpRequest => ({ firstName: 'Grace', lastName: 'Hopper', email, password: PASSWORD, gender: 'female' });
  const main = (page: Page) => page.getByRole('main');

  /** The walking context's requests in flight (signed in, its live stream never finishes: 'networkidle' never comes). */
  let network: NetworkQuiet;

  /** Lets every request the screen started finish (images included), so none escapes the record. */
  async function settle(page: Page): Promise<void> {
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await network.wait();
  }

  /** The screen as the shopper first sees it, from the top. */
  async function shot(page: Page, name: string): Promise<void> {
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, name, { fullPage: false });
  }

  /** Opens a path with a full page load, as a visitor typing it would. */
  async function visit(page: Page, path: string, ready: () => Promise<void>): Promise<void> {
    await page.goto(url(path));
    await ready();
    await settle(page);
  }

  for (const [index, viewport] of WALKED_VIEWPORTS.entries()) {
    it(`sets no cookie, asks only the gateway and keeps only the named keys, on every screen (${viewport.width} px)`, async () => {
      const email = admins[index]!;
      const context = await suite.newContext(viewport as Viewport);
      const traffic = watch(context);
      network = watchNetworkQuiet(context);
      const page = await context.newPage();
      const width = viewport.width;

      // The beta code screen, then home.
      await page.goto(url('/'));
      await page.getByLabel('Verification code').waitFor();
      await settle(page);
      await shot(page, `no-tracking-beta-${width}`);
      await passBetaGate(page, suite.product.demoBetaCode);
      await main(page).getByRole('region', { name: 'Popular Items', exact: true }).getByRole('button', { name: /^Quick view: / }).first().waitFor();
      await settle(page);
      await shot(page, `no-tracking-home-${width}`);

      // The quick view, as a visitor.
      await main(page).getByRole('button', { name: /^Quick view: / }).first().click();
      await page.getByRole('dialog').getByRole('link', { name: 'Sign Up to Save' }).waitFor();
      await settle(page);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // Search results, a product page and the category pages.
      await visit(page, `/search?q=${encodeURIComponent(product.brand)}`, () => main(page).getByRole('button', { name: /^Quick view: / }).first().waitFor());
      await visit(page, `/product/${product.id}`, () => main(page).getByRole('heading', { level: 1, name: product.name }).waitFor());
      for (const path of ['/women', '/men', '/accessories']) {
        await visit(page, path, () => main(page).getByRole('heading', { level: 1 }).waitFor());
      }

      // FAQ, About and the privacy policy.
      await visit(page, '/faq', () => main(page).getByRole('heading', { level: 1 }).waitFor());
      await visit(page, '/about', () => main(page).getByRole('heading', { level: 1 }).waitFor());
      await visit(page, '/privacy-policy', () => main(page).getByRole('heading', { level: 2, name: 'No cookies or tracking' }).waitFor());

      // Signed in: save an item from the quick view, then the wardrobe, the profile and the admin dashboard.
      await page.goto(url('/signin'));
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(url('/'));
      await main(page).getByRole('button', { name: /^Quick view: / }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Save to Wardrobe' }).click();
      await dialog.getByRole('button', { name: 'Remove from Wardrobe' }).waitFor();
      await settle(page);
      await screenshot(page, `no-tracking-quick-view-${width}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await visit(page, '/my-wardrobe', () => main(page).getByRole('button', { name: /^Quick view: / }).first().waitFor());
      await shot(page, `no-tracking-wardrobe-${width}`);
      await visit(page, '/profile', () => main(page).getByRole('region', { name: 'Privacy', exact: true }).waitFor());
      await visit(page, '/admin', () => main(page).getByRole('heading', { name: 'Admin Dashboard - At Risk Items' }).waitFor());
      await main(page).getByRole('table').first().waitFor();
      await shot(page, `no-tracking-admin-${width}`);

      // The service worker has installed and fetched what it keeps: its requests are in the record too.
      await waitInPage(page, 'Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 1000))])');
      await pollUntil(async () => traffic.fromServiceWorker.length, (count) => count > 0, { what: 'the service worker’s own fetches recorded' });
      await settle(page);

      // No cookies: none in the browser, none ever offered by an answer.
      expect(await context.cookies()).toEqual([]);
      expect(await page.evaluate<string>('document.cookie')).toBe('');
      expect(traffic.setCookie).toEqual([]);

      // Nothing but the gateway: every request of the walk went to its origin (data: and blob: URLs are
      // the page's own memory, not requests to anyone).
      const gateway = new URL(suite.product.baseUrl).origin;
      const elsewhere = traffic.urls.filter((address) => !/^(data|blob):/.test(address) && new URL(address).origin !== gateway);
      expect(elsewhere).toEqual([]);
      expect(traffic.urls.length).toBeGreaterThan(50);
      // Images (the catalogue's pictures) were among them, served by the gateway.
      expect(traffic.urls.some((address) => new URL(address).pathname.startsWith('/api/image/'))).toBe(true);

      // Storage: only the keys the app names, and the session among them.
      const local = await page.evaluate<string[]>('Object.keys(window.localStorage)');
      expect(local.filter((key) => !ALLOWED_LOCAL_STORAGE_KEYS.has(key))).toEqual([]);
      expect(local).toEqual(expect.arrayContaining(['betaToken', 'closetly.session', 'closetly.wardrobe.v1']));
      const session = await page.evaluate<string[]>('Object.keys(window.sessionStorage)');
      expect(session.filter((key) => !ALLOWED_SESSION_STORAGE_KEYS.has(key))).toEqual([]);
    }, 240_000);
  }
});
