/**
 * @jest-environment node
 */
import type { Page } from 'playwright-core';
import { screenshot, useBrowserAndProduct, VIEWPORTS } from './browser';

const codeField = (page: Page) => page.getByLabel('Verification code');
const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify Code' });
const header = (page: Page) => page.getByRole('banner');
const storedBetaToken = (page: Page) => page.evaluate<string | null>('window.localStorage.getItem("betaToken")');

describe('beta gate (web app in Chromium against the embedded product)', () => {
  const suite = useBrowserAndProduct();
  const newPage = suite.newPage;

  it.each(VIEWPORTS)(
    'gates / with the code screen, rejects a wrong code and lets the demo code in ($width px)',
    async (viewport) => {
      const page = await newPage(viewport);
      const url = suite.url('/');

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

      await codeField(page).fill(suite.product.demoBetaCode);
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
    const url = suite.url('/women');

    await page.goto(url);
    await codeField(page).fill(suite.product.demoBetaCode);
    await codeField(page).press('Enter');
    await page.getByRole('heading', { name: 'Women', exact: true }).waitFor();
    expect(page.url()).toBe(url);
  }, 60_000);

  it('sends a verified visitor from /beta-access to /', async () => {
    const page = await newPage();

    await page.goto(suite.url('/beta-access'));
    await codeField(page).fill(suite.product.demoBetaCode);
    await verifyButton(page).click();
    await page.waitForURL(suite.url('/'));
    await header(page).waitFor();
  }, 60_000);

  it('shows /privacy-policy without a beta token', async () => {
    const page = await newPage();

    await page.goto(suite.url('/privacy-policy'));
    await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    expect(await codeField(page).count()).toBe(0);
    expect(await storedBetaToken(page)).toBeNull();
  }, 60_000);
});
