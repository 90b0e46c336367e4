/**
 * @jest-environment node
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { extractProduct } from '@closetly/product-extraction';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { fixtureCases, fixturePage } from '@closetly/product-extraction/test/fixture-cases';

/**
 * The capture script (built: npm run build:extension) in Debian's Chromium reads the page's live
 * DOM (documentFromDom), not its HTML. On every extraction fixture, opened at its own address, it
 * must find what extractProduct finds in the same HTML in Node. Every request is answered here:
 * the page itself from the fixture, anything else it asks for (images, scripts) refused, so
 * nothing leaves the machine.
 */
const CAPTURE_JS = path.resolve(__dirname, '..', 'dist', 'unpacked', 'capture.js');

describe('the capture script on a live page in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let capture: string;

  beforeAll(async () => {
    capture = await readFile(CAPTURE_JS, 'utf8');
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    context = await browser.newContext();
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it.each(fixtureCases.map((c) => [c.file, c.url] as const))('reads %s from the DOM as extractProduct reads its HTML', async (file, url) => {
    const html = fixturePage(file);
    const address = url.split('#')[0]; // what the browser asks for
    const page = await context.newPage();
    try {
      await page.route('**/*', (route) =>
        route.request().isNavigationRequest() && route.request().url() === address
          ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
          : route.abort(),
      );
      await page.goto(url);
      await page.addScriptTag({ content: capture });
      const { pageUrl, ...fromDom } = (await page.evaluate(() => (globalThis as { __closetlyCapture?: () => unknown }).__closetlyCapture?.())) as Record<string, unknown>;
      expect(pageUrl).toBe(url);
      expect(fromDom).toEqual(extractProduct(html, url));
    } finally {
      await page.close();
    }
  });
});
