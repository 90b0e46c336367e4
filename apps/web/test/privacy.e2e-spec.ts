/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createApiClient, type ApiClient } from '@closetly/api-client';
import {
  ACCOUNT_DELETED_MESSAGE,
  ACCOUNT_EXPORT_FILENAME,
  ACCOUNT_EXPORT_FORMAT,
  DELETE_ACCOUNT_STALE_SIGN_IN_MESSAGE,
  DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE,
  type ItemInput,
  type SignUpRequest,
} from '@closetly/contracts';
import type { Locator, Page } from 'playwright-core';
import { passBetaGate, SCREENSHOT_DIR, screenshot, useBrowserAndProduct, type Viewport, VIEWPORTS, waitInPage } from './browser';

const PASSWORD = 'Pr1vacy!Rights';
const SESSION_KEY = 'closetly.session';

const newAccount = (label: string): SignUpRequest => ({
  firstName: 'Hedy',
  lastName: 'Lamarr',
  email: `${label}-${randomBytes(5).toString('hex')}@example.com`,
  password: PASSWORD,
  gender: 'female',
});

/** A product of a supported shop, so one save lists it. */
const wrapDress = (): ItemInput => ({
  name: `Wrap Dress ${randomBytes(3).toString('hex')}`,
  brand: 'Reformation',
  price: 248,
  sourceUrl: `https://www.nordstrom.com/s/item/${parseInt(randomBytes(4).toString('hex'), 16)}`,
  gender: 'Women',
});

const main = (page: Page) => page.getByRole('main');
const privacy = (page: Page) => page.getByRole('region', { name: 'Privacy', exact: true });
const downloadButton = (page: Page) => privacy(page).getByRole('button', { name: 'Download my data' });
const deleteButton = (page: Page) => privacy(page).getByRole('button', { name: 'Delete my account' });
/** The deletion dialog: an alert dialog, whichever step it shows. */
const dialog = (page: Page) => page.getByRole('alertdialog');
const passwordField = (page: Page) => dialog(page).getByLabel('Current password', { exact: true });

async function expectFocused(page: Page, locator: Locator): Promise<void> {
  const id = await locator.getAttribute('id');
  const text = await locator.innerText().catch(() => '');
  await waitInPage(
    page,
    id
      ? `document.activeElement && document.activeElement.id === ${JSON.stringify(id)}`
      : `document.activeElement && document.activeElement.textContent === ${JSON.stringify(text)}`,
  );
}

describe('privacy rights: download my data and delete my account (web app in Chromium against the embedded product)', () => {
  let betaToken: string;
  let api: ApiClient;
  // Sign-ups and sign-ins from one client address.
  const suite = useBrowserAndProduct({ RATE_LIMIT_MULTIPLIER: '10' });
  const url = suite.url;

  beforeAll(async () => {
    betaToken = await suite.product.betaToken();
    api = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken });
  }, 180_000);

  async function openPage(path: string, viewport: Viewport = VIEWPORTS[0]): Promise<Page> {
    const page = await suite.newPage(viewport);
    await page.goto(url(path));
    await passBetaGate(page, suite.product.demoBetaCode);
    return page;
  }

  async function signIn(page: Page, account: SignUpRequest): Promise<void> {
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  /** Signs up through the API, then in through the sign-in screen, and opens /profile. */
  async function onProfile(account: SignUpRequest, viewport: Viewport = VIEWPORTS[0]): Promise<Page> {
    await api.signUp(account);
    const page = await openPage('/signin', viewport);
    await signIn(page, account);
    await page.waitForURL(url('/'));
    await page.goto(url('/profile'));
    await page.getByLabel('Name', { exact: true }).waitFor();
    await privacy(page).waitFor();
    return page;
  }

  const storedSession = (page: Page) => page.evaluate<string | null>(`window.localStorage.getItem(${JSON.stringify(SESSION_KEY)})`);

  for (const viewport of VIEWPORTS) {
    it(`shows Privacy after the profile's sections, with both rights explained (${viewport.width} px)`, async () => {
      const page = await onProfile(newAccount(`section-${viewport.width}`), viewport);
      const sections = await main(page).getByRole('heading', { level: 2 }).allInnerTexts();
      expect(sections).toEqual(['Personal Information', 'Measurements', 'Favorite Brands', 'Sizes', 'Price alerts', 'Privacy']);
      const trigger = page.getByRole('button', { name: 'Privacy', exact: true });
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      await privacy(page).getByText('You may download everything we hold about you', { exact: false }).waitFor();
      await privacy(page).getByText('removes your account, wardrobe, profile, searches and feedback from every Closetly service. This cannot be undone.', { exact: false }).waitFor();
      expect(await downloadButton(page).isEnabled()).toBe(true);
      expect(await deleteButton(page).isEnabled()).toBe(true);
      // No horizontal scrolling at this width.
      expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

      await privacy(page).scrollIntoViewIfNeeded();
      await screenshot(page, `privacy-section-${viewport.width}`, { fullPage: false });

      // The dialog's two steps, as the user sees them.
      await deleteButton(page).click();
      await dialog(page).getByRole('heading', { name: 'Delete your account?' }).waitFor();
      await screenshot(page, `privacy-delete-confirm-${viewport.width}`, { fullPage: false });
      await dialog(page).getByRole('button', { name: 'Continue' }).click();
      await passwordField(page).waitFor();
      await passwordField(page).fill('not my password');
      await dialog(page).getByRole('button', { name: 'Delete my account' }).click();
      await dialog(page).getByText(DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE, { exact: true }).waitFor();
      await screenshot(page, `privacy-delete-password-${viewport.width}`, { fullPage: false });

      // Deleted: the home page says so in the app's message area.
      await passwordField(page).fill(PASSWORD);
      await dialog(page).getByRole('button', { name: 'Delete my account' }).click();
      await main(page).getByRole('status').filter({ hasText: ACCOUNT_DELETED_MESSAGE }).waitFor();
      await screenshot(page, `privacy-account-deleted-${viewport.width}`, { fullPage: false });
    }, 90_000);
  }

  for (const viewport of VIEWPORTS) {
    it(`the privacy policy names both rights in Profile › Privacy, and keeps the e-mail route (${viewport.width} px)`, async () => {
      // Always reachable: no beta code asked.
      const page = await suite.newPage(viewport);
      await page.goto(url('/privacy-policy'));
      for (const heading of ['No third-party data sharing', 'No cookies or tracking', 'How long we keep your data', 'Downloading your data', 'Deleting your data']) {
        await main(page).getByRole('heading', { level: 2, name: heading }).waitFor();
      }
      const download = main(page).getByRole('region', { name: 'Downloading your data' });
      await download.getByText('choose Download my data. You get one JSON file', { exact: false }).waitFor();
      const deletion = main(page).getByRole('region', { name: 'Deleting your data' });
      await deletion.getByText('Your account is deleted immediately, and your data is removed from every Closetly service.', { exact: false }).waitFor();
      await deletion.getByText('Products that only you had saved are removed after 30 days, like any item nobody saves.', { exact: false }).waitFor();
      // The build names no contact (VITE_PRIVACY_EMAIL): the documentation placeholder, never someone's mailbox.
      expect(await deletion.getByRole('link', { name: /@/ }).getAttribute('href')).toBe('mailto:privacy@closetly.example');
      expect(await download.getByRole('link', { name: 'Profile › Privacy' }).getAttribute('href')).toBe('/profile');
      // The two rights in view, below the sticky header.
      await page.evaluate('window.scrollTo(0, document.getElementById("privacy-download").getBoundingClientRect().top + window.scrollY - 80)');
      await screenshot(page, `privacy-policy-rights-${viewport.width}`, { fullPage: false });

      // The footer links no social account the build did not name (VITE_SOCIAL_*_URL): none by default.
      const footer = page.getByRole('contentinfo');
      expect(await footer.getByRole('link').allInnerTexts()).toEqual(['Closetly', 'About Us', 'Privacy Policy', 'FAQs']);
      expect(await footer.getByRole('list', { name: 'Social media' }).count()).toBe(0);
      await footer.scrollIntoViewIfNeeded();
      await footer.screenshot({ path: join(SCREENSHOT_DIR, `footer-${viewport.width}.png`) });
    }, 60_000);
  }

  it('Download my data saves closetly-data-export.json: the JSON of everything held, with the e-mail and format', async () => {
    const account = newAccount('export');
    const page = await onProfile(account);
    const session = JSON.parse((await storedSession(page)) ?? '{}') as { accessToken: string };
    const me = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session.accessToken });
    const saved = await me.saveItem(wrapDress());

    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton(page).click()]);
    expect(download.suggestedFilename()).toBe(ACCOUNT_EXPORT_FILENAME);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      format: string;
      account: { email: string; firstName: string };
      saves: { productId: string }[];
    };
    expect(exported.format).toBe(ACCOUNT_EXPORT_FORMAT);
    expect(exported.account).toMatchObject({ email: account.email, firstName: 'Hedy' });
    expect(exported.saves.map((save) => save.productId)).toContain(saved.id);
    expect(JSON.stringify(exported)).not.toContain(PASSWORD);

    await privacy(page).getByText(`Your data has been saved as ${ACCOUNT_EXPORT_FILENAME}.`, { exact: true }).waitFor();
    expect(await downloadButton(page).isEnabled()).toBe(true);
  }, 90_000);

  it('shows the busy state while the export is prepared, and the server’s message when it is refused for coming too often', async () => {
    const page = await onProfile(newAccount('export-refused'));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const wait = 'You have downloaded your data recently. Please try again in a few minutes.';
    await page.route('**/api/account/export', async (route) => {
      await released;
      await route.fulfill({ status: 429, headers: { 'retry-after': '300' }, contentType: 'application/json', body: JSON.stringify({ error: { code: 'RATE_LIMITED', message: wait } }) });
    });

    await downloadButton(page).click();
    const busy = privacy(page).getByRole('button', { name: 'Preparing your download...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await privacy(page).getByRole('alert').filter({ hasText: wait }).waitFor();
    expect(await downloadButton(page).isEnabled()).toBe(true);
    await screenshot(page, 'privacy-download-refused-1280', { fullPage: false });

    // Any other failure: a plain line, never the server's internals.
    await page.unrouteAll({ behavior: 'wait' });
    await page.route('**/api/account/export', (route) => route.abort());
    await downloadButton(page).click();
    await privacy(page).getByRole('alert').filter({ hasText: 'Failed to download your data. Please try again.' }).waitFor();
  }, 90_000);

  it('deletes the account: Cancel keeps it, a wrong password is refused in the dialog, the right one deletes it and signs out everywhere', async () => {
    const account = newAccount('delete');
    const page = await onProfile(account);
    // A second device, signed in too: its session ends with the account.
    const elsewhere = await api.signIn({ email: account.email, password: PASSWORD });

    // 1. The confirmation: an alert dialog, focus on Cancel, what goes, that it cannot be undone.
    await deleteButton(page).click();
    const confirm = dialog(page);
    await confirm.getByRole('heading', { name: 'Delete your account?' }).waitFor();
    // Modal: the page behind is hidden from assistive technology while it is open.
    expect(await page.getByRole('banner').count()).toBe(0);
    await confirm.getByText('This cannot be undone.', { exact: false }).waitFor();
    await expectFocused(page, confirm.getByRole('button', { name: 'Cancel' }));
    // Focus stays inside: Tab goes round the dialog's own buttons.
    for (let step = 0; step < 4; step += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate<boolean>(`document.querySelector('[role="alertdialog"]').contains(document.activeElement)`)).toBe(true);
    }
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expectFocused(page, deleteButton(page));

    // Escape closes it too.
    await deleteButton(page).click();
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });

    // 2. The password step: a wrong password shows the server's message and keeps the user signed in.
    await deleteButton(page).click();
    await confirm.getByRole('button', { name: 'Continue' }).click();
    const password = passwordField(page);
    await expectFocused(page, password);
    expect(await password.getAttribute('type')).toBe('password');
    await confirm.getByText('you need to have signed in within the last 10 minutes', { exact: false }).waitFor();
    await password.fill('Wrong!Pass1');
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await confirm.getByRole('alert').filter({ hasText: DELETE_ACCOUNT_WRONG_PASSWORD_MESSAGE }).waitFor();
    await expectFocused(page, password);
    expect(page.url()).toBe(url('/profile'));
    expect(await storedSession(page)).not.toBeNull();
    await expect(api.signIn({ email: account.email, password: PASSWORD })).resolves.toMatchObject({ user: { email: account.email } });

    // Cancel from the password step keeps everything too.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await storedSession(page)).not.toBeNull();

    // 3. The right password: deleted, signed out here and everywhere, on the home page with the message.
    await deleteButton(page).click();
    await confirm.getByRole('button', { name: 'Continue' }).click();
    await password.fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(url('/'));
    await main(page).getByRole('status').filter({ hasText: ACCOUNT_DELETED_MESSAGE }).waitFor();
    expect(await storedSession(page)).toBeNull();
    expect(await page.evaluate<string[]>('Object.keys(window.localStorage).filter((key) => key.startsWith("closetly.wardrobe"))')).toEqual([]);
    await page.getByRole('banner').getByRole('button', { name: 'Account menu', exact: true }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: /My Wardrobe/ }).count()).toBe(0);
    const other = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => elsewhere.accessToken });
    await expect(other.getProfile()).rejects.toMatchObject({ status: 401 });
    await expect(api.refresh(elsewhere.refreshToken)).rejects.toMatchObject({ status: 401 });

    // Like every message, it goes after 5 s (spec §9).
    await main(page).getByText(ACCOUNT_DELETED_MESSAGE).waitFor({ state: 'detached', timeout: 10_000 });

    // Signing in again fails: the account is gone.
    await page.goto(url('/signin'));
    await signIn(page, account);
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();

    // The same e-mail signs up again, as a new account with nothing of the old one.
    await page.goto(url('/signup'));
    await page.getByLabel('First Name').fill('Hedy');
    await page.getByLabel('Last Name').fill('Kiesler');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForURL(url('/'));
    await page.goto(url('/profile'));
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Hedy Kiesler');
  }, 120_000);

  it('lets an account without a password leave the field empty, and shows the server’s word when its sign-in is too old', async () => {
    const page = await onProfile(newAccount('no-password'));
    // A third-party-only account is refused without a password when its sign-in is older than 10 minutes.
    let sent: unknown = null;
    await page.route('**/api/account', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: { code: 'REAUTHENTICATION_FAILED', message: DELETE_ACCOUNT_STALE_SIGN_IN_MESSAGE } }) });
    });
    await deleteButton(page).click();
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await passwordField(page).waitFor();
    await dialog(page).getByRole('button', { name: 'Delete my account' }).click();
    await dialog(page).getByRole('alert').filter({ hasText: DELETE_ACCOUNT_STALE_SIGN_IN_MESSAGE }).waitFor();
    expect(sent).toEqual({});
    // Refused, not signed out.
    expect(page.url()).toBe(url('/profile'));
    expect(await storedSession(page)).not.toBeNull();
  }, 90_000);
});
