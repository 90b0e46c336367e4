/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { createApiClient } from '@closetly/api-client';
import type { SignUpRequest } from '@closetly/contracts';
import type { ConsoleMessage, Page } from 'playwright-core';
import { passBetaGate, screenshot, useBrowserAndProduct, waitInPage } from './browser';

const PASSWORD = 'Wardr0be!Pass';

/**
 * Records every Content Security Policy violation the page reports, from the first script on.
 * Page-side code is passed as text: this file compiles for Node, without the DOM types.
 */
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample, source: event.sourceFile });
  });
`;

interface Violation {
  page: string;
  what: string;
}

describe('security headers in the browser (web app in Chromium against the embedded product)', () => {
  const suite = useBrowserAndProduct();
  /** Violations seen by any page of the test, from events and from the console. */
  let violations: Violation[] = [];
  /** What Chromium says of the Permissions-Policy header it was sent (an unknown feature is logged on every page). */
  let policyComplaints: Violation[] = [];

  const url = suite.url;

  async function newPage(): Promise<Page> {
    const context = await suite.newContext();
    await context.addInitScript(RECORD_VIOLATIONS);
    const page = await context.newPage();
    page.on('console', (message: ConsoleMessage) => {
      if (/Content Security Policy/i.test(message.text())) violations.push({ page: page.url(), what: message.text() });
      if (/Permissions-Policy|Unrecognized feature/i.test(message.text())) policyComplaints.push({ page: page.url(), what: `${message.type()}: ${message.text()}` });
    });
    return page;
  }

  /** The violations the page's listener recorded (the console ones are collected as they come). */
  async function recorded(page: Page): Promise<Violation[]> {
    const events = await page.evaluate<Array<Record<string, string>>>('window.__cspViolations ?? []');
    return events.map((event) => ({ page: page.url(), what: JSON.stringify(event) }));
  }

  it('walks the beta gate, home, sign-in, My Wardrobe, a product page and the profile without a single CSP violation', async () => {
    violations = [];
    policyComplaints = [];
    const betaToken = await suite.product.betaToken();
    const account: SignUpRequest = { firstName: 'Ada', lastName: 'Lovelace', email: `csp-${randomBytes(5).toString('hex')}@example.com`, password: PASSWORD, gender: 'female' };
    const session = await createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken }).signUp(account);
    const member = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session.accessToken });
    const saved = await member.saveItem({
      name: `Linen Shirt ${randomBytes(3).toString('hex')}`,
      brand: 'Zara',
      price: 59.99,
      imageUrl: 'https://images.example.com/linen-shirt.jpg',
      description: 'A relaxed linen shirt.',
      sourceUrl: `https://www.zara.com/us/en/linen-shirt-${randomBytes(3).toString('hex')}.html`,
      gender: 'Men',
    });

    const page = await newPage();
    const first = await page.goto(url('/'));
    // The policy is really there: a page without one would report no violation either.
    const csp = (await first?.allHeaders())?.['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    // Likewise the Permissions-Policy: Chromium reads it on every page, and says so of a feature it does not know.
    expect((await first?.allHeaders())?.['permissions-policy']).toContain('camera=()');

    await passBetaGate(page, suite.product.demoBetaCode);
    await page.goto(url('/signin'));
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(url('/'));
    await page.getByRole('banner').getByRole('link', { name: 'My Wardrobe', exact: true }).click();
    await page.waitForURL(url('/my-wardrobe'));
    await page.getByRole('listitem').filter({ hasText: saved.name }).waitFor();
    // The card's image comes through the image proxy (a placeholder here: the address is not reachable).
    await waitInPage(page, 'Array.from(document.images).some((image) => image.complete && image.naturalWidth > 0)');
    await page.getByRole('button', { name: `Quick view: ${saved.name}` }).click();
    await page.getByRole('dialog', { name: saved.name }).waitFor();
    await page.keyboard.press('Escape');
    await page.goto(url(`/product/${saved.id}`));
    await page.getByRole('heading', { level: 1, name: saved.name }).waitFor();
    await screenshot(page, 'security-headers-product-page');
    // The profile: its sections, the completion bar's width and the unsaved bar as an edit changes them.
    await page.goto(url('/profile'));
    await page.getByLabel('Name', { exact: true }).fill('Ada King');
    await page.getByText('You have unsaved changes').waitFor();

    violations.push(...(await recorded(page)));
    expect(violations).toEqual([]);
    expect(policyComplaints).toEqual([]);
  }, 90_000);

  it('would notice a violation: an inline script is refused and reported', async () => {
    violations = [];
    const page = await newPage();
    await page.goto(url('/'));
    await passBetaGate(page, suite.product.demoBetaCode);
    await page.evaluate(`
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.appendChild(script);
    `);
    expect(await page.evaluate('window.__inlineRan === true')).toBe(false);
    await waitInPage(page, 'window.__cspViolations.length > 0');
    expect((await recorded(page))[0]?.what).toContain('script-src');
  }, 60_000);

  it('sends no Referer from the password-reset page, whose URL carries the token, even once the service worker serves the app', async () => {
    violations = [];
    const page = await newPage();
    // A returning visitor: the app's service worker controls the page and could answer navigations from its cache.
    await page.goto(url('/'));
    await passBetaGate(page, suite.product.demoBetaCode);
    await waitInPage(page, 'navigator.serviceWorker.ready.then(() => true)');
    await page.reload();
    await waitInPage(page, 'navigator.serviceWorker.controller !== null');
    // The home page done (its rows, their images, the chunks fetched after first paint), so what is
    // recorded below comes from the reset page alone.
    await page.waitForLoadState('networkidle');
    const referers: string[] = [];
    page.on('request', (request) => {
      // Only what the reset page sends: the home page may still draw (a carousel's last slides while
      // the browser is idle) as the navigation starts, and its requests name its own address.
      // Without the no-referrer policy, the reset page's requests would name it, token and all.
      void request.allHeaders().then(
        (headers) => {
          if (headers.referer?.includes('/reset-password')) referers.push(`${request.url()} ← ${headers.referer}`);
        },
        () => undefined, // the page closed before its headers were read
      );
    });
    await page.goto(url('/reset-password?token=secret-reset-token'));
    await page.getByRole('button', { name: /reset password/i }).waitFor();
    // Every request the page made, its scripts and styles and API calls, left without a referrer.
    expect(referers).toEqual([]);
    expect([...violations, ...(await recorded(page))]).toEqual([]);
  }, 60_000);
});
