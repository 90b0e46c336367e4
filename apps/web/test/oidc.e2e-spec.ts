/**
 * @jest-environment node
 */
import { type OidcTestProvider, startOidcTestProvider } from '@closetly/testing';
import type { Page } from 'playwright-core';
import { passBetaGate, useBrowserAndProduct } from './browser';

const USERS = {
  alice: { sub: 'google-sub-alice', email: 'alice@example.com', email_verified: true, given_name: 'Alice', family_name: 'Liddell' },
};

describe('third-party sign-in popup (web app in Chromium, embedded product, local OpenID provider)', () => {
  let provider: OidcTestProvider;

  beforeAll(async () => {
    provider = await startOidcTestProvider(USERS);
  });

  afterAll(async () => {
    await provider?.stop();
  });

  const suite = useBrowserAndProduct(() => provider.productEnv);
  const url = suite.url;

  async function openPage(pathname: string): Promise<Page> {
    const page = await suite.newPage();
    await page.goto(url(pathname));
    await passBetaGate(page, suite.product.demoBetaCode);
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
