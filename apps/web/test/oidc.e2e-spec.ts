/**
 * @jest-environment node
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { startEmbeddedProduct } from '@closetly/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT, launchChromium } from './browser';

type Product = Awaited<ReturnType<typeof startEmbeddedProduct>>;

/** The identity service's stand-in for the third-party provider (a real oidc-provider in its own process). */
const PROVIDER_SCRIPT = path.join(REPO_ROOT, 'apps', 'identity', 'test', 'support', 'oidc-test-provider.mjs');
const CLIENT_ID = 'closetly-web-test-client';
const CLIENT_SECRET = 'closetly-web-test-client-secret-0123456789';
const USERS = {
  alice: { sub: 'google-sub-alice', email: 'alice@example.com', email_verified: true, given_name: 'Alice', family_name: 'Liddell' },
};
const freePort = () => 20_000 + Math.floor(Math.random() * 20_000);

describe('third-party sign-in popup (web app in Chromium, embedded product, local OpenID provider)', () => {
  let provider: ChildProcess;
  let product: Product;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const providerPort = freePort();
    const productPort = freePort() + 1;
    const publicUrl = `http://127.0.0.1:${productPort}`;
    provider = spawn(process.execPath, [PROVIDER_SCRIPT], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        OIDC_PORT: String(providerPort),
        OIDC_CLIENT_ID: CLIENT_ID,
        OIDC_CLIENT_SECRET: CLIENT_SECRET,
        OIDC_REDIRECT_URI: `${publicUrl}/api/auth/oidc/callback`,
        OIDC_USERS: JSON.stringify(USERS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      provider.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      provider.once('exit', (code) => reject(new Error(`provider exited with ${code}`)));
    });
    product = await startEmbeddedProduct({
      PORT: String(productPort),
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
    });
    browser = await launchChromium();
  }, 180_000);

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    provider?.kill('SIGTERM');
    if (provider && provider.exitCode === null) await once(provider, 'exit');
  }, 60_000);

  const url = (pathname: string) => new URL(pathname, product.baseUrl).toString();

  async function openPage(pathname: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(url(pathname));
    await page.getByLabel('Verification code').fill(product.demoBetaCode);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByRole('banner').waitFor();
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
