/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { createApiClient, type ApiClient } from '@closetly/api-client';
import { DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE, type ItemInput, type SignUpRequest, type WardrobeItem } from '@closetly/contracts';
import { pollUntil, RESET_SUBJECT, type SmtpCapture } from '@closetly/testing';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { audit, type AuditOptions, startAuditTable } from './accessibility';
import { passBetaGate, screenshot, useBrowserAndProduct, VIEWPORTS, watchNetworkQuiet, type NetworkQuiet } from './browser';

/**
 * Issue 27, the automated audit: axe-core (WCAG 2.0, 2.1 and 2.2, A and AA) on every screen of the web app
 * in the states that matter, at 1280 and 390 px, with zero violations. One product and one browser profile
 * per width: the signed-out screens first, then the same profile signs in for the member's and the
 * administrator's screens. Each test collects every screen's violations and names the screens at the end,
 * so one run shows all there is to fix.
 */

const PASSWORD = 'Acc3ss!ble27';
const adminEmail = `admin-${randomBytes(5).toString('hex')}@example.com`;
const tag = randomBytes(3).toString('hex');

/** Nordstrom is a supported multi-brand shop: one confirmed save lists a product for everyone. */
const item = (name: string, brand: string, price: number, gender?: string): ItemInput => ({
  name,
  brand,
  price,
  description: `${name} by ${brand}.`,
  sourceUrl: `https://www.nordstrom.com/s/item/${parseInt(randomBytes(4).toString('hex'), 16)}`,
  ...(gender ? { gender } : {}),
});
const CATALOGUE = [
  item('Linen Wrap Dress', 'Reformation', 148, 'Women'),
  item('Linen Camp Shirt', 'Zara', 59.99, 'Men'),
  item('Linen Trousers', 'Arket', 89, 'Women'),
  item('Leather Belt', 'Acme', 45, 'Unisex'),
  item('Canvas Tote Bag', 'Acme', 40, 'Unisex'),
];
/** Saved without a gender, one for each width: the admin dashboard lists it for tagging until its dialog tags it. */
const UNTAGGED = VIEWPORTS.map((viewport) => item(`Wool Blend Scarf ${viewport.width} ${tag}`, 'Toteme', 180));
/** Saved and removed again: at risk in the admin dashboard, with its status pill. */
const DROPPED = item(`Silk Blouse ${tag}`, 'Toteme', 210, 'Women');

const header = (page: Page) => page.getByRole('banner');
const cards = (scope: Page | Locator) => scope.getByRole('button', { name: /^Quick view: / });

/** One test's audits: every screen's violations, kept so the test names all failing screens at once. */
function auditor(page: Page, quiet: NetworkQuiet) {
  const failing: Record<string, string[]> = {};
  return {
    async check(screen: string, options?: AuditOptions): Promise<void> {
      await settle(page, quiet);
      const violations = await audit(page, screen, options);
      if (violations.length > 0) failing[screen] = violations;
    },
    /** Fails with each failing screen and its violations (an empty object when every screen passed). */
    expectNone(): void {
      expect(failing).toEqual({});
    },
  };
}

/** Waits for the network to be quiet and finite animations (a dialog's fade, a sheet's slide) to end: axe reads the colours as drawn. */
async function settle(page: Page, quiet: NetworkQuiet): Promise<void> {
  await quiet.wait();
  await page.evaluate(`Promise.all(document.getAnimations().filter((animation) => animation.effect && animation.effect.getComputedTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined)))`);
}

/**
 * Presses Tab until the focused element matches `selector` (at most `limit` presses), then shoots the
 * viewport: the focus ring as a keyboard user sees it. Answers whether that element took the focus.
 */
async function focusShot(page: Page, selector: string, name: string, limit = 40): Promise<boolean> {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate<boolean>(`Boolean(document.activeElement && document.activeElement.matches(${JSON.stringify(selector)}))`)) {
      await screenshot(page, name, { fullPage: false });
      return true;
    }
  }
  return false;
}

describe('accessibility: axe-core, WCAG 2.2 A and AA, on every screen at 1280 and 390 px (web app in Chromium against the embedded product)', () => {
  // Sign-ins, reset mails and saves from one client address.
  const suite = useBrowserAndProduct({ ADMIN_EMAILS: adminEmail, RATE_LIMIT_MULTIPLIER: '10' });
  const url = suite.url;
  let api: ApiClient;
  let betaToken: string;
  let mail: SmtpCapture;
  let catalogue: WardrobeItem[];
  let untagged: WardrobeItem[];
  let dropped: WardrobeItem;

  const account = (email: string): SignUpRequest => ({ firstName: 'Alex', lastName: 'Morgan', email, password: PASSWORD, gender: 'female' });

  /** Signs up and confirms the address, then signs in: the new session carries what confirmation grants (the admin role). */
  async function confirmedClient(email: string): Promise<ApiClient> {
    await api.signUp(account(email));
    await suite.product.confirmEmail(email);
    const session = await api.signIn({ email, password: PASSWORD });
    return createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session.accessToken });
  }

  beforeAll(async () => {
    await startAuditTable();
    betaToken = await suite.product.betaToken();
    api = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken });
    if (!suite.product.mail) throw new Error('the product keeps its mail for this test');
    mail = suite.product.mail;
    const seeder = await confirmedClient(`seeder-${tag}@example.com`);
    catalogue = await Promise.all(CATALOGUE.map((product) => seeder.saveItem(product)));
    untagged = await Promise.all(UNTAGGED.map((product) => seeder.saveItem(product)));
    dropped = await seeder.saveItem(DROPPED);
    await seeder.removeFromWardrobe(dropped.id);
    // The administrator is also the member whose screens are audited: two items in the wardrobe for its filters.
    const admin = await confirmedClient(adminEmail);
    await admin.saveItem(CATALOGUE[0] as ItemInput);
    await admin.saveItem(CATALOGUE[1] as ItemInput);
    await pollUntil(() => api.search({ q: 'linen' }), (results) => results.total === 3, { timeoutMs: 60_000, what: 'the linen items searchable' });
    await pollUntil(() => api.getSearchSuggestions('line'), (answer) => answer.suggestions.length > 0, { what: 'suggestions for "line"' });
    await pollUntil(() => api.getCategoryProducts('accessories'), (list) => list.length > 0, { what: 'accessories listed' });
    await pollUntil(() => admin.getAtRiskItems(), (items) => items.some((entry) => entry.itemId === dropped.id), { what: 'the dropped product at risk' });
    await pollUntil(() => admin.getUngenderedProducts(), (products) => untagged.every((entry) => products.some((product) => product.id === entry.id)), { what: 'the untagged products listed' });
  }, 180_000);

  describe.each(VIEWPORTS)('at $width px', (viewport) => {
    const width = viewport.width;
    const phone = width < 640;
    let context: BrowserContext;
    let page: Page;
    let quiet: NetworkQuiet;

    beforeAll(async () => {
      // One profile for the width's three tests (the fixture's own profiles close after each test).
      context = await suite.browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      quiet = watchNetworkQuiet(context);
      page = await context.newPage();
    });
    afterAll(async () => {
      await context?.close();
    });

    it('signed out: beta gate, home, Women, Men, Accessories, search, filters, quick view, product, info pages, 404, extension, sign-in, forgot, reset, sign-up', async () => {
      const screens = auditor(page, quiet);
      const main = page.getByRole('main');

      await page.goto(url('/'));
      await page.getByLabel('Verification code').waitFor();
      await screens.check('Beta gate');
      await page.getByLabel('Verification code').fill('WRONG-CODE');
      await page.getByRole('button', { name: 'Verify Code' }).click();
      await page.getByText('Invalid verification code', { exact: true }).waitFor();
      await screens.check('Beta gate, wrong code');
      await passBetaGate(page, suite.product.demoBetaCode);

      await page.getByRole('heading', { level: 1, name: 'Stop Searching. Start Shopping.' }).waitFor();
      await cards(main).first().waitFor();
      await screens.check('Home, signed out');
      if (phone) {
        await header(page).getByRole('button', { name: 'Open menu' }).click();
        await header(page).getByRole('navigation', { name: 'Categories' }).getByRole('link').first().waitFor();
        await screens.check('Header menu open, signed out');
        await header(page).getByRole('button', { name: 'Close menu' }).click();
      }
      expect(await focusShot(page, 'main [aria-label^="Quick view: "]', `a11y-focus-home-card-${width}`)).toBe(true);

      for (const [path, name] of [['/women', 'Women'], ['/men', 'Men'], ['/accessories', 'Accessories']] as const) {
        await page.goto(url(path));
        await cards(main).first().waitFor();
        await screens.check(name);
      }

      // The quick view over the Women page, for a visitor (Sign Up to Save).
      await cards(main).first().click();
      const quickView = page.getByRole('dialog');
      await quickView.getByRole('link', { name: 'Sign Up to Save' }).waitFor();
      await screens.check('Quick view, signed out');
      await page.keyboard.press('Escape');
      await quickView.waitFor({ state: 'detached' });

      // The header's combobox with its suggestions open (on a phone, behind the search toggle).
      if (phone) await header(page).getByRole('button', { name: 'Open search' }).click();
      const search = header(page).getByRole('combobox', { name: 'Search products' });
      await search.pressSequentially('line', { delay: 40 });
      await header(page).getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor();
      await search.press('ArrowDown');
      await screens.check('Search, suggestions open');
      await search.fill('linen');
      await search.press('Enter');
      await page.waitForURL(url('/search?q=linen'));
      await page.getByText('3 items', { exact: true }).waitFor();
      await screens.check('Search results');
      await page.getByRole('button', { name: 'Open Filters' }).click();
      if (phone) {
        const sheet = page.getByRole('dialog', { name: 'Filters' });
        await sheet.getByRole('region', { name: 'Brand' }).getByRole('checkbox').first().check();
        await screens.check('Search, filter sheet open');
        await sheet.getByRole('button', { name: 'Apply Filters' }).click();
        await sheet.waitFor({ state: 'detached' });
      } else {
        await page.getByRole('region', { name: 'Brand' }).getByRole('checkbox').first().check();
        await page.getByText(/^\d items?$/).waitFor();
        await screens.check('Search, filter panel open');
        await page.getByRole('button', { name: 'Close Filters' }).click();
      }
      await page.getByRole('group', { name: 'Active filters' }).waitFor();
      await screens.check('Search results, filtered (chips)');

      const dress = catalogue[0] as WardrobeItem;
      await page.goto(url(`/product/${dress.id}`));
      await page.getByRole('heading', { level: 1, name: dress.name }).waitFor();
      await screens.check('Product page, signed out');

      await page.goto(url('/faq'));
      await main.getByRole('heading', { level: 1 }).waitFor();
      await main.getByRole('button').first().click();
      await screens.check('FAQ, an answer open');
      for (const [path, name] of [['/about', 'About'], ['/privacy-policy', 'Privacy Policy'], ['/no-such-page', '404'], ['/extension', 'Extension install page']] as const) {
        await page.goto(url(path));
        await main.getByRole('heading', { level: 1 }).waitFor();
        await screens.check(name);
      }

      await page.goto(url('/signin'));
      await page.getByLabel('Email address').waitFor();
      await screens.check('Sign in');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await screens.check('Sign in, errors');
      expect(await focusShot(page, 'button[type="submit"]', `a11y-focus-sign-in-${width}`)).toBe(true);
      await page.getByLabel('Password', { exact: true }).fill('not the password');
      await page.getByLabel('Email address').fill(adminEmail);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
      await screens.check('Sign in, refused');

      // Forgot password: the mail's link opens the reset screen.
      const resetMails = () => mail.mailsTo(adminEmail).filter((message) => message.subject === RESET_SUBJECT);
      const before = resetMails().length;
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByText('Password reset email sent. Please check your inbox.').waitFor();
      await screens.check('Forgot password, sent');
      const sent = await pollUntil(resetMails, (list) => list.length > before, { what: 'the reset mail' });
      const link = new URL(/https?:\/\/\S+/.exec(sent[sent.length - 1]?.text ?? '')?.[0] ?? '');
      await page.goto(url(`/reset-password?token=${link.searchParams.get('token') ?? ''}`));
      await page.getByLabel('Confirm New Password').waitFor();
      await screens.check('Reset password');
      await page.getByLabel('New Password', { exact: true }).fill('short');
      await page.getByLabel('Confirm New Password').fill('different');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await screens.check('Reset password, errors');

      await page.goto(url('/signup'));
      await page.getByLabel('First Name').waitFor();
      await screens.check('Sign up');
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await screens.check('Sign up, errors');

      screens.expectNone();
    }, 240_000);

    /** Signs the width's profile in as the member (and administrator), past the beta gate if an earlier test stopped before it. */
    async function signIn(): Promise<void> {
      await page.goto(url('/signin'));
      const email = page.getByLabel('Email address');
      const signedIn = header(page).getByRole('link', { name: 'My Wardrobe', exact: true });
      await email.or(page.getByLabel('Verification code')).or(signedIn).first().waitFor();
      if (await page.getByLabel('Verification code').isVisible()) await passBetaGate(page, suite.product.demoBetaCode);
      await email.or(signedIn).first().waitFor();
      if (await signedIn.isVisible()) return;
      await email.fill(adminEmail);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(url('/'));
    }

    it('signed in: home, product, My Wardrobe with filters, quick view, profile with errors, privacy dialogs', async () => {
      const screens = auditor(page, quiet);
      await signIn();
      await header(page).getByRole('link', { name: 'My Wardrobe', exact: true }).waitFor();
      await screens.check('Home, signed in');
      if (phone) {
        // Phones: the categories and the account menu sit behind the menu button.
        await header(page).getByRole('button', { name: /^Open menu/ }).click();
        await header(page).getByRole('navigation', { name: 'Categories' }).getByRole('link').first().waitFor();
        await screens.check('Header menu open, signed in');
      }
      await header(page).getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).waitFor();
      await screens.check('Home, account menu open');
      await page.keyboard.press('Escape');

      const trousers = catalogue[2] as WardrobeItem;
      await page.goto(url(`/product/${trousers.id}`));
      await page.getByRole('button', { name: 'Save to Wardrobe' }).waitFor();
      await screens.check('Product page, signed in');

      await page.goto(url('/my-wardrobe'));
      const dress = catalogue[0] as WardrobeItem;
      await page.getByRole('button', { name: `Quick view: ${dress.name}` }).waitFor();
      await screens.check('My Wardrobe');
      await page.getByRole('button', { name: 'Open Filters' }).click();
      await page.getByLabel('Gender').selectOption('Women');
      await page.getByRole('button', { name: `Quick view: ${(catalogue[1] as WardrobeItem).name}` }).waitFor({ state: 'detached' });
      await screens.check('My Wardrobe, filters open');
      await page.getByRole('button', { name: 'Close Filters' }).click();
      await page.getByRole('group', { name: 'Active filters' }).waitFor();
      await screens.check('My Wardrobe, filtered (chips)');
      expect(await focusShot(page, 'main [aria-label^="Quick view: "]', `a11y-focus-wardrobe-card-${width}`)).toBe(true);
      await page.keyboard.press('Enter');
      const quickView = page.getByRole('dialog', { name: dress.name });
      await quickView.getByRole('button', { name: 'Remove from Wardrobe' }).waitFor();
      await screens.check('Quick view, saved');
      await screenshot(page, `a11y-focus-quick-view-${width}`, { fullPage: false });
      await quickView.getByRole('button', { name: 'Provide Feedback' }).click();
      await quickView.getByText("Select Item's Gender Category").waitFor();
      await screens.check('Quick view, feedback');
      await page.keyboard.press('Escape');
      await quickView.waitFor({ state: 'detached' });

      // The profile: a value over its maximum and one below its minimum.
      await page.goto(url('/profile'));
      await page.getByLabel('Name', { exact: true }).waitFor();
      await screens.check('Profile');
      await page.getByLabel('Additional height', { exact: true }).fill('12');
      await page.getByLabel('Weight', { exact: true }).fill('-3');
      await page.getByText('You have unsaved changes', { exact: true }).waitFor();
      // Saved from the keyboard, so the focus the failed save moves to the first error shows its ring.
      await page.getByRole('button', { name: 'Save Changes' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Must be at most 11', { exact: true }).waitFor();
      await screens.check('Profile, errors');
      await screenshot(page, `a11y-focus-profile-error-${width}`, { fullPage: false });

      // Privacy: the download's notice, then the deletion dialog's two steps (cancelled).
      await page.reload();
      const privacy = page.getByRole('region', { name: 'Privacy', exact: true });
      await privacy.getByRole('button', { name: 'Download my data' }).click();
      await privacy.getByText(/^Your data has been saved as /).waitFor();
      await screens.check('Profile, data downloaded');
      await privacy.getByRole('button', { name: 'Delete my account' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('heading', { name: 'Delete your account?' }).waitFor();
      await screens.check('Delete account, confirm');
      await screenshot(page, `a11y-focus-delete-dialog-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByLabel('Current password', { exact: true }).fill('Wrong!Pass1');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await dialog.getByRole('alert').filter({ hasText: DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE }).waitFor();
      await screens.check('Delete account, wrong password');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      screens.expectNone();
    }, 180_000);

    it('admin: the dashboard with its status pills, and its product dialog', async () => {
      const screens = auditor(page, quiet);
      const product = untagged[VIEWPORTS.indexOf(viewport)] as WardrobeItem;
      await signIn();
      await page.goto(url('/admin'));
      const atRisk = page.getByRole('region', { name: 'At Risk Items' }).getByRole('table');
      await atRisk.getByRole('row').filter({ hasText: dropped.id }).waitFor();
      const missing = page.getByRole('region', { name: 'Products Missing Gender Tags' }).getByRole('table');
      const edit = missing.getByRole('button', { name: `Edit ${product.name}` });
      await edit.waitFor();
      await page.getByRole('region', { name: 'System' }).getByRole('table', { name: 'Events waiting in each service' }).getByRole('row', { name: /^catalogue/ }).waitFor();
      await screens.check('Admin dashboard');
      expect(await focusShot(page, `[aria-label=${JSON.stringify(`Edit ${product.name}`)}]`, `a11y-focus-admin-edit-${width}`, 80)).toBe(true);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: product.name });
      await dialog.getByLabel('Gender').waitFor();
      await screens.check('Admin product dialog');
      await dialog.getByLabel('Gender').selectOption('Women');
      await dialog.getByRole('button', { name: 'Save Gender' }).click();
      await dialog.getByText('Gender set to Women.').waitFor();
      await screens.check('Admin product dialog, saved');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      screens.expectNone();
    }, 120_000);
  });
});
