/**
 * @jest-environment node
 */
import { startEmbeddedProduct } from '@closetly/all-in-one/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, screenshot } from './browser';

type Product = Awaited<ReturnType<typeof startEmbeddedProduct>>;

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

const codeField = (page: Page) => page.getByLabel('Verification code');
const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify Code' });
const header = (page: Page) => page.getByRole('banner');
const storedBetaToken = (page: Page) => page.evaluate<string | null>('window.localStorage.getItem("betaToken")');

describe('beta gate (web app in Chromium against the embedded product)', () => {
  let product: Product;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function newPage(viewport: { width: number; height: number } = VIEWPORTS[0]): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
    contexts.push(context);
    return context.newPage();
  }

  beforeAll(async () => {
    product = await startEmbeddedProduct();
    browser = await launchChromium();
  }, 180_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  }, 60_000);

  it.each(VIEWPORTS)(
    'gates / with the code screen, rejects a wrong code and lets the demo code in ($width px)',
    async (viewport) => {
      const page = await newPage(viewport);
      const url = new URL('/', product.baseUrl).toString();

      await page.goto(url);
      await codeField(page).waitFor();
      expect(page.url()).toBe(url);
      expect(await header(page).count()).toBe(0);
      expect(await storedBetaToken(page)).toBeNull();
      await screenshot(page, `beta-screen-${viewport.width}`);

      await codeField(page).fill('definitely-not-the-code');
      await verifyButton(page).click();
      await page.getByText('Invalid verification code', { exact: true }).waitFor();
      expect(await storedBetaToken(page)).toBeNull();

      await codeField(page).fill(product.demoBetaCode);
      await verifyButton(page).click();
      await header(page).waitFor();
      expect(await codeField(page).count()).toBe(0);
      expect(page.url()).toBe(url);
      expect(await storedBetaToken(page)).toEqual(expect.any(String));
      await page.getByRole('heading', { name: 'Stop Searching. Start Shopping.' }).waitFor();
      await screenshot(page, `home-${viewport.width}`);

      await page.reload();
      await header(page).waitFor();
      expect(await codeField(page).count()).toBe(0);
    },
    60_000,
  );

  it('keeps a deep link: verifying on /women shows the Women page at the same URL', async () => {
    const page = await newPage();
    const url = new URL('/women', product.baseUrl).toString();

    await page.goto(url);
    await codeField(page).fill(product.demoBetaCode);
    await codeField(page).press('Enter');
    await page.getByRole('heading', { name: 'Women', exact: true }).waitFor();
    expect(page.url()).toBe(url);
  }, 60_000);

  it('sends a verified visitor from /beta-access to /', async () => {
    const page = await newPage();

    await page.goto(new URL('/beta-access', product.baseUrl).toString());
    await codeField(page).fill(product.demoBetaCode);
    await verifyButton(page).click();
    await page.waitForURL(new URL('/', product.baseUrl).toString());
    await header(page).waitFor();
  }, 60_000);

  it('shows /privacy-policy without a beta token', async () => {
    const page = await newPage();

    await page.goto(new URL('/privacy-policy', product.baseUrl).toString());
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    expect(await codeField(page).count()).toBe(0);
    expect(await storedBetaToken(page)).toBeNull();
  }, 60_000);
});
