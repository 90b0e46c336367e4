/**
 * @jest-environment node
 */
import { startEmbeddedProduct } from '@closetly/all-in-one/testing';
import { type OidcTestProvider, startOidcTestProvider } from '@closetly/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, passBetaGate } from './browser';

type Product = Awaited<ReturnType<typeof startEmbeddedProduct>>;

const USERS = {
  alice: { sub: 'google-sub-alice', email: 'alice@example.com', email_verified: true, given_name: 'Alice', family_name: 'Liddell' },
};

describe('third-party sign-in popup (web app in Chromium, embedded product, local OpenID provider)', () => {
  let provider: OidcTestProvider;
  let product: Product;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    provider = await startOidcTestProvider(USERS);
    product = await startEmbeddedProduct(provider.productEnv);
    browser = await launchChromium();
  }, 180_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await provider?.stop();
  }, 60_000);

  const url = (pathname: string) => new URL(pathname, product.baseUrl).toString();

  async function openPage(pathname: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(url(pathname));
    await passBetaGate(page, product.demoBetaCode);
    return page;
  }

  it('signs up with Google through the popup and lands signed in on /', async () => {
    const page = await openPage('/signup');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Sign up with Google' }).click()]);
    await popup.waitForEvent('close');
    await page.waitForURL(url('/'));
    await page.getByRole('button', { name: 'Account menu for Alice' }).waitFor();
  }, 60_000);

  it('shows Failed to sign in with Google when the popup is closed before it finishes', async () => {
    const page = await openPage('/signin');
    // Hold the start call so the popup is still blank when the user closes it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/oidc/start*', async (route) => {
      await held;
      await route.continue();
    });
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Sign in with Google' }).click()]);
    await popup.close();
    release();
    await page.getByRole('alert').filter({ hasText: 'Failed to sign in with Google' }).waitFor();
    expect(page.url()).toBe(url('/signin'));
  }, 60_000);
});
