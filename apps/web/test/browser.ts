import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startEmbeddedProduct } from '@closetly/all-in-one/testing';
import { pollUntil } from '@closetly/testing';
import { HTTP_ROUTES } from '@closetly/contracts';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

/** Repository root (this file lives in apps/web/test). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-output', 'screenshots');

/** Chromium from the machine (Debian's by default); override with CHROMIUM_PATH. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * Screenshot to test-output/screenshots/<name>.png (the full page unless `fullPage: false`, which
 * shows fixed layers such as an open dialog as the user sees them); returns the file path.
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-zA-Z0-9._-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/** Gets a page that shows the beta code screen into the app with a code, and waits for the app's header. */
export async function passBetaGate(page: Page, code: string): Promise<void> {
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await page.getByRole('banner').waitFor();
}

/** The two widths every screen is checked at (brief: 1280 and 390 px). */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
export type Viewport = { width: number; height: number };

export type EmbeddedProduct = Awaited<ReturnType<typeof startEmbeddedProduct>>;

/** What a browser test file works with: its product, its Chromium, and browser profiles closed after each test. */
export interface BrowserFixture {
  readonly product: EmbeddedProduct;
  readonly browser: Browser;
  url(pathname: string): string;
  /** A fresh browser profile (closed after the test), e.g. to add init scripts before the first page. */
  newContext(viewport?: Viewport): Promise<BrowserContext>;
  newPage(viewport?: Viewport): Promise<Page>;
}

/**
 * Starts one embedded product and one Chromium for the enclosing describe, closes each test's browser
 * profiles after it, and stops both at the end. `env` may be a function, for values another beforeAll
 * (declared before this call) has made, such as a local mail server's address.
 */
export function useBrowserAndProduct(env: Record<string, string> | (() => Record<string, string>) = {}): BrowserFixture {
  let product: EmbeddedProduct | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    product = await startEmbeddedProduct(typeof env === 'function' ? env() : env);
    browser = await launchChromium();
  }, 180_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  }, 60_000);

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is used before beforeAll started it`);
    return value;
  };
  const fixture: BrowserFixture = {
    get product() {
      return started(product, 'the product');
    },
    get browser() {
      return started(browser, 'Chromium');
    },
    url: (pathname) => new URL(pathname, fixture.product.baseUrl).toString(),
    async newContext(viewport = VIEWPORTS[0]) {
      const context = await fixture.browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      contexts.push(context);
      return context;
    },
    newPage: async (viewport) => (await fixture.newContext(viewport)).newPage(),
  };
  return fixture;
}

/**
 * Waits until `expression` is truthy in the page. Unlike page.waitForFunction, whose in-page polling
 * evaluates the predicate with eval and so is refused by the app's CSP (no 'unsafe-eval'), each probe
 * here is a DevTools evaluation, which the page's policy does not govern.
 */
export async function waitInPage(page: Page, expression: string, timeoutMs = 20_000): Promise<void> {
  await pollUntil(() => page.evaluate(expression), Boolean, { timeoutMs, what: expression });
}

/** Opens a path in a fresh browser profile and passes the beta gate with the product's demo code. */
export async function openPastBetaGate(suite: BrowserFixture, pathname: string, viewport: Viewport): Promise<Page> {
  const page = await suite.newPage(viewport);
  await page.goto(suite.url(pathname));
  await passBetaGate(page, suite.product.demoBetaCode);
  return page;
}

/** A full-page shot from the top: full-page shots of a scrolled page draw the sticky header mid-page. */
export async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

/** How long nothing may be in flight for the network to count as quiet (Playwright's 'networkidle' waits as long). */
const QUIET_NETWORK_MS = 500;

export interface NetworkQuiet {
  /** Resolves once no request of the context (the live stream aside) has been in flight for 500 ms. */
  wait(timeoutMs?: number): Promise<void>;
}

/**
 * 'networkidle' for a signed-in app: a signed-in page holds the live events stream (issue 26) open as long as
 * it lives, so Playwright's 'networkidle' never comes. This counts the context's requests from now on, the
 * stream left out, and waits for the same 500 ms of quiet.
 */
export function watchNetworkQuiet(context: BrowserContext): NetworkQuiet {
  const inFlight = new Set<Request>();
  let changedAt = Date.now();
  const isLiveStream = (request: Request) => new URL(request.url()).pathname === HTTP_ROUTES.liveEvents.path;
  context.on('request', (request) => {
    if (isLiveStream(request)) return;
    inFlight.add(request);
    changedAt = Date.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) changedAt = Date.now();
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  return {
    wait: async (timeoutMs = 30_000) => {
      await pollUntil(() => inFlight.size === 0 && Date.now() - changedAt >= QUIET_NETWORK_MS, Boolean, { timeoutMs, what: 'no request in flight for 500 ms' });
    },
  };
}
