/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { createApiClient, type ApiClient } from '@closetly/api-client';
import type { ItemInput, SignUpRequest } from '@closetly/contracts';
import { confirmEmailByLink, pollUntil, proveEmailByResetLink, type SmtpCapture, startSmtpCapture } from '@closetly/testing';
import type { Page } from 'playwright-core';
import { passBetaGate, screenshot, useBrowserAndProduct, type Viewport, VIEWPORTS, waitInPage } from './browser';

const PASSWORD = 'Adm1n!Dashboard';
const uniqueEmail = (label: string) => `${label}-${randomBytes(5).toString('hex')}@example.com`;
const account = (email: string): SignUpRequest => ({ firstName: 'Mary', lastName: 'Jackson', email, password: PASSWORD, gender: 'female' });
/** A product of a supported multi-brand shop: listed at once, and with no gender it misses its tag. */
const untaggedItem = (): ItemInput => ({
  name: `Wool Blend Scarf ${randomBytes(3).toString('hex')}`,
  brand: 'Toteme',
  price: 180,
  sourceUrl: `https://www.nordstrom.com/s/item/${Math.floor(Math.random() * 1e9)}`,
});

describe('the admin dashboard (web app in Chromium against the embedded product)', () => {
  const adminEmail = uniqueEmail('admin');
  let smtp: SmtpCapture;
  let betaToken: string;
  let api: ApiClient;
  let member: SignUpRequest;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  const suite = useBrowserAndProduct(() => ({ ADMIN_EMAILS: adminEmail, SMTP_URL: smtp.url }));
  const url = suite.url;

  beforeAll(async () => {
    betaToken = await suite.product.betaToken();
    api = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken });
    await api.signUp(account(adminEmail));
    await proveEmailByResetLink({ baseUrl: suite.product.baseUrl, betaToken, smtp, email: adminEmail, password: PASSWORD });
    member = account(uniqueEmail('member'));
    await api.signUp(member);
    // Only confirmed accounts count toward the shared catalogue (and the contests in it).
    await confirmEmailByLink({ baseUrl: suite.product.baseUrl, betaToken, smtp, email: member.email });
  }, 180_000);

  const clientFor = async (email: string) => {
    const session = await api.signIn({ email, password: PASSWORD });
    return createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session.accessToken });
  };

  async function signedInPage(email: string, viewport: Viewport): Promise<Page> {
    const page = await (await suite.newContext(viewport)).newPage();
    await page.goto(url('/signin'));
    await passBetaGate(page, suite.product.demoBetaCode);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(url('/'));
    await page.goto(url('/admin'));
    return page;
  }

  const table = (page: Page, heading: string) => page.getByRole('region', { name: heading }).getByRole('table');

  /**
   * A test's own rows, whatever ran before: one product missing its gender tag, and one at risk (saved and
   * removed again: nobody saves it now, so its 30 days have started), once the administrator's list shows it.
   */
  async function atRiskAndUntagged() {
    const shopper = await clientFor(member.email);
    const untagged = await shopper.saveItem(untaggedItem());
    const dropped = await shopper.saveItem(untaggedItem());
    await shopper.removeFromWardrobe(dropped.id);
    const admin = await clientFor(adminEmail);
    await pollUntil(() => admin.getAtRiskItems(), (items) => items.some((item) => item.itemId === dropped.id), { what: 'the dropped product at risk' });
    return { admin, untagged, dropped };
  }

  it('shows the at-risk items and the products missing gender tags, and tags one from its dialog', async () => {
    const { admin, untagged, dropped } = await atRiskAndUntagged();
    await pollUntil(() => admin.getUngenderedProducts(), (products) => products.some((product) => product.id === untagged.id), { what: 'the untagged product listed' });

    const page = await signedInPage(adminEmail, VIEWPORTS[0]);
    await page.getByRole('heading', { name: 'Admin Dashboard - At Risk Items' }).waitFor();
    await page.getByText('Items with no active saves are deleted after 30 days of inactivity.').waitFor();
    const atRisk = table(page, 'At Risk Items');
    const row = atRisk.getByRole('row').filter({ hasText: dropped.id });
    await row.waitFor();
    expect(await atRisk.getByRole('columnheader').allInnerTexts()).toEqual(['Item ID', 'Last Activity', 'Status', 'Active Saves']);
    // The product's picture and name above its id, not a bare id.
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([`${dropped.name}\n${dropped.id}`, expect.stringMatching(/\d{4}.*\d{1,2}:\d{2}/), '30 days until deletion', 'No active saves']);
    await waitInPage(page, `Array.from(document.querySelectorAll('.admin-product img')).some((image) => image.complete && image.naturalWidth > 0)`);

    const missing = table(page, 'Products Missing Gender Tags');
    const product = missing.getByRole('row').filter({ hasText: untagged.name });
    await product.waitFor();
    expect(await product.getByRole('cell').allInnerTexts()).toEqual(['', untagged.name, 'Toteme', '$180.00', 'Edit']);
    await screenshot(page, 'admin-dashboard-1280');

    await product.getByRole('button', { name: `Edit ${untagged.name}` }).click();
    const dialog = page.getByRole('dialog', { name: untagged.name });
    await dialog.getByLabel('Gender').selectOption('Women');
    await dialog.getByRole('button', { name: 'Save Gender' }).click();
    await dialog.getByText('Gender set to Women.').waitFor();
    await screenshot(page, 'admin-product-dialog-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await product.waitFor({ state: 'detached' });
    expect((await api.getProduct(untagged.id)).gender).toBe('Women');

    // Refresh asks again: the dropped product is still at risk, the tagged one stays gone.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await row.waitFor();
    expect(await missing.getByRole('row').filter({ hasText: untagged.name }).count()).toBe(0);

    // The at-risk product's name opens its dialog, which says where it shows from listed and hidden.
    await row.getByRole('button', { name: dropped.name }).click();
    const droppedDialog = page.getByRole('dialog', { name: dropped.name });
    await droppedDialog.getByText('Shown in public lists.', { exact: true }).waitFor();
    await droppedDialog.getByRole('button', { name: 'Hide Product' }).click();
    await droppedDialog.getByText('Hidden from every public list by an administrator.', { exact: true }).waitFor();
    await screenshot(page, 'admin-at-risk-dialog-hidden-1280', { fullPage: false });
    await droppedDialog.getByRole('button', { name: 'Show Product' }).click();
    await droppedDialog.getByText('Shown in public lists.', { exact: true }).waitFor();
    await droppedDialog.getByRole('button', { name: 'Close' }).click();
  });

  it('says a product only its saver sees is not yet in public lists, and why', async () => {
    // A shop outside the supported retailers, one saver: not listed until a second saver agrees.
    const shopper = await clientFor(member.email);
    const unlisted = await shopper.saveItem({ ...untaggedItem(), sourceUrl: `https://boutique-${randomBytes(4).toString('hex')}.example/p/scarf` });
    const admin = await clientFor(adminEmail);
    const missing = await pollUntil(() => admin.getUngenderedProducts(), (products) => products.some((product) => product.id === unlisted.id), { what: 'the unlisted product listed for tagging' });
    expect(missing.find((product) => product.id === unlisted.id)).toMatchObject({ listed: false, hidden: false });

    const page = await signedInPage(adminEmail, VIEWPORTS[1]);
    await table(page, 'Products Missing Gender Tags').getByRole('button', { name: `Edit ${unlisted.name}` }).click();
    const dialog = page.getByRole('dialog', { name: unlisted.name });
    await dialog.getByText(/^Not yet in public lists\. Only its savers see it until it is listed/).waitFor();
    expect(await dialog.getByText('Shown in public lists.').count()).toBe(0);
    await screenshot(page, 'admin-product-dialog-unlisted-390', { fullPage: false });
  });

  it('lists a product two confirmed savers disagree on as contested, versions side by side, and settles it by keeping one', async () => {
    const sourceUrl = `https://boutique-${randomBytes(4).toString('hex')}.example/p/linen-shirt`;
    const honest = await clientFor(member.email);
    const saved = await honest.saveItem({ name: 'Relaxed Linen Shirt', brand: 'Kestrel', price: 89, sourceUrl });
    const other = account(uniqueEmail('other'));
    await api.signUp(other);
    await confirmEmailByLink({ baseUrl: suite.product.baseUrl, betaToken, smtp, email: other.email });
    await (await clientFor(other.email)).saveItem({ name: 'TAMPERED Shirt', brand: 'Kestrel', price: 1, sourceUrl });
    const admin = await clientFor(adminEmail);
    await pollUntil(() => admin.getContestedProducts(), (contests) => contests.some((contest) => contest.productId === saved.id), { what: 'the product contested' });

    const page = await signedInPage(adminEmail, VIEWPORTS[0]);
    const contested = table(page, 'Contested Products');
    const row = contested.getByRole('row').filter({ hasText: 'TAMPERED Shirt' });
    await row.waitFor();
    expect(await contested.getByRole('columnheader').allInnerTexts()).toEqual(['Product', 'Why', 'Versions', 'Actions']);
    // The first saver's version shows while the contest is open.
    expect(await row.getByRole('cell').first().innerText()).toContain('Relaxed Linen Shirt');
    await row.getByText('Savers disagree on name or brand').waitFor();
    await row.getByText('Savers disagree on price by over 20%').waitFor();
    await screenshot(page, 'admin-contested-1280');

    const phone = await signedInPage(adminEmail, VIEWPORTS[1]);
    await table(phone, 'Contested Products').getByRole('row').filter({ hasText: 'TAMPERED Shirt' }).waitFor();
    await screenshot(phone, 'admin-contested-390');

    await row.getByRole('button', { name: "Keep saver 1's version of Relaxed Linen Shirt" }).click();
    await row.waitFor({ state: 'detached' });
    expect((await admin.getContestedProducts()).some((contest) => contest.productId === saved.id)).toBe(false);
    expect((await admin.getProduct(saved.id)).name).toBe('Relaxed Linen Shirt');
  });

  it("shows the System panel: each service's outbox and consumer lag, and the dead letters per topic", async () => {
    const page = await signedInPage(adminEmail, VIEWPORTS[0]);
    const system = page.getByRole('region', { name: 'System' });
    const services = system.getByRole('table', { name: 'Events waiting in each service' });
    await services.getByRole('row', { name: /^catalogue/ }).waitFor();
    expect(await services.getByRole('columnheader').allTextContents()).toEqual(['Service', 'Outbox Backlog', 'Oldest Pending', 'Consumer Lag']);
    expect(await services.getByRole('rowheader').allTextContents()).toEqual(['identity', 'catalogue', 'wardrobe', 'profile', 'search', 'retention', 'pages']);
    // Embedded: every service answers, and in-process delivery has no lag to show.
    const catalogue = await services.getByRole('row', { name: /^catalogue/ }).getByRole('cell').allTextContents();
    expect(catalogue).toEqual([expect.stringMatching(/^\d+$/), expect.any(String), '—']);
    await system.getByRole('table', { name: 'Dead letters per topic' }).waitFor();
    await system.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-system-1280', { fullPage: false });
  });

  it('offers administrators an Admin link in the account menu, and nobody else', async () => {
    const page = await signedInPage(adminEmail, VIEWPORTS[0]);
    await page.getByRole('banner').getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.waitForURL(url('/admin'));
    const memberPage = await signedInPage(member.email, VIEWPORTS[0]);
    await memberPage.getByRole('banner').getByRole('button', { name: /^Account menu/ }).click();
    await memberPage.getByRole('menuitem', { name: 'Profile' }).waitFor();
    expect(await memberPage.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
  });

  it('tells a signed-in account with an unconfirmed address why it is refused', async () => {
    const unconfirmed = account(uniqueEmail('unconfirmed'));
    await api.signUp(unconfirmed);
    const page = await signedInPage(unconfirmed.email, VIEWPORTS[0]);
    await page.getByText('Unauthorized access.').waitFor();
    await page.getByText('Administrator access needs a confirmed e-mail address. Confirm yours with the link we sent, then sign in again.').waitFor();
  });

  it('keeps its tables readable on a phone (390 px): each row a card, its status, saves and Edit on screen', async () => {
    const { untagged, dropped } = await atRiskAndUntagged();

    const page = await signedInPage(adminEmail, VIEWPORTS[1]);
    const atRisk = table(page, 'At Risk Items');
    const card = atRisk.getByRole('row').filter({ hasText: dropped.id });
    await card.waitFor();
    await table(page, 'Products Missing Gender Tags').getByRole('button', { name: `Edit ${untagged.name}` }).waitFor();
    // Nothing scrolls sideways, and every cell (status pills, saves, names, Edit, the System figures) lies within the screen.
    expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    const offScreen = await page.evaluate<string[]>(`Array.from(document.querySelectorAll('.admin-status, .admin-product__name, .admin-table__action button, .admin-table th, .admin-table td'))
      .filter((element) => { const box = element.getBoundingClientRect(); return box.width > 0 && (box.left < 0 || box.right > window.innerWidth); })
      .map((element) => element.textContent)`);
    expect(offScreen).toEqual([]);
    await screenshot(page, 'admin-dashboard-390');
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-at-risk-cards-390', { fullPage: false });
    // The name opens the product's dialog on a phone too.
    await card.getByRole('button', { name: dropped.name }).click();
    await page.getByRole('dialog', { name: dropped.name }).waitFor();
    await screenshot(page, 'admin-at-risk-dialog-390', { fullPage: false });
  });

  it('tells anyone else Unauthorized access., and the server refuses them too', async () => {
    const page = await signedInPage(member.email, VIEWPORTS[0]);
    await page.getByText('Unauthorized access.').waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    const shopper = await clientFor(member.email);
    await expect(shopper.getAtRiskItems()).rejects.toMatchObject({ status: 403 });
    await expect(shopper.getUngenderedProducts()).rejects.toMatchObject({ status: 403 });
    await expect(shopper.getSystemStatus()).rejects.toMatchObject({ status: 403 });
  });
});
