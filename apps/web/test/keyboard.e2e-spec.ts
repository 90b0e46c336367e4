/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { createApiClient, type ApiClient } from '@closetly/api-client';
import { ACCOUNT_DELETED_MESSAGE, MEASUREMENT_MIN_MESSAGE, type ItemInput, type SignUpRequest } from '@closetly/contracts';
import { pollUntil } from '@closetly/testing';
import type { Page } from 'playwright-core';
import { screenshot, useBrowserAndProduct, type Viewport, VIEWPORTS } from './browser';

/**
 * The keyboard and screen reader journeys of issue 27, driven by keys alone: focus moves by Tab,
 * Shift+Tab, arrows, Enter, Space and Escape, text is typed. What a screen reader user would get is
 * asserted: the focused element's role and name, what the live regions say, the new page's heading
 * focused and its title, a visible focus ring that the sticky header never covers, and targets of at
 * least 24 × 24 px.
 */

const PASSWORD = 'Keyb0ard!Only';
/** Two pages of 25 once filtered to Women (every other shirt). */
const LINEN_COUNT = 56;
const WOMEN_COUNT = LINEN_COUNT / 2;
const SUFFIX = randomBytes(3).toString('hex');

const linenShirt = (i: number): ItemInput => ({
  name: `Linen Shirt No. ${i}`,
  brand: i % 3 === 0 ? 'Northwind' : 'Acme',
  price: 39.99 + i,
  description: 'A relaxed shirt in washed linen.',
  sourceUrl: `https://www.asos.com/acme/linen-shirt/prd/${SUFFIX}-${i}`,
  gender: i % 2 === 0 ? 'Women' : 'Men',
});
const VELVET_BLAZER: ItemInput = {
  name: 'Velvet Blazer',
  brand: 'Acme',
  price: 180,
  description: 'A single-breasted blazer in cotton velvet.',
  sourceUrl: `https://www.asos.com/acme/velvet-blazer/prd/${SUFFIX}`,
  gender: 'Women',
};
/** A supported shop's product with no gender: the admin's Products Missing Gender Tags lists it. */
const UNTAGGED_SCARF: ItemInput = {
  name: `Wool Blend Scarf ${SUFFIX}`,
  brand: 'Toteme',
  price: 180,
  sourceUrl: `https://www.nordstrom.com/s/item/${parseInt(SUFFIX, 16)}`,
};

/** What a screen reader says of the focused element, and where it is drawn. */
interface Focused {
  tag: string;
  role: string;
  name: string;
  id: string;
  inDialog: boolean;
  outlineStyle: string;
  outlineWidth: number;
  top: number;
  bottom: number;
  /** The sticky header's bottom edge (0 where the page has none, or for the header's own controls). */
  headerBottom: number;
  viewportHeight: number;
}

/** Runs in the page (a string: this file is compiled without the DOM's types): the focused element's role, accessible name (the parts the app uses) and box. */
const DESCRIBE_FOCUS = `(() => {
  const element = document.activeElement || document.body;
  const text = (node) => ((node && node.textContent) || '').replace(/\\s+/g, ' ').trim();
  const tag = element.tagName.toLowerCase();
  const implicitRole = () => {
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'a' && element.hasAttribute('href')) return 'link';
    if (tag === 'button') return 'button';
    if (tag === 'select') return 'combobox';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'input') return { checkbox: 'checkbox', radio: 'radio', search: 'searchbox' }[element.type] || 'textbox';
    return tag;
  };
  const name = () => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return labelledBy.split(/\\s+/).map((id) => text(document.getElementById(id))).join(' ').trim();
    const label = element.getAttribute('aria-label');
    if (label) return label.trim();
    if (element.labels && element.labels.length > 0) return Array.from(element.labels).map(text).join(' ');
    return text(element);
  };
  // The ring is the element's own, or its card's where the card draws it (a card clips what lies outside it).
  const ringed = [element, element.parentElement].find((each) => each && getComputedStyle(each).outlineStyle !== 'none') || element;
  const style = getComputedStyle(ringed);
  const box = element.getBoundingClientRect();
  const header = document.querySelector('.site-header');
  return {
    tag,
    role: element.getAttribute('role') || implicitRole(),
    name: name(),
    id: element.id,
    inDialog: element.closest('[role="dialog"], [role="alertdialog"]') !== null,
    outlineStyle: style.outlineStyle,
    outlineWidth: parseFloat(style.outlineWidth),
    top: box.top,
    bottom: box.bottom,
    headerBottom: header && !header.contains(element) ? header.getBoundingClientRect().bottom : 0,
    viewportHeight: window.innerHeight,
  };
})()`;

const focused = (page: Page): Promise<Focused> => page.evaluate<Focused>(DESCRIBE_FOCUS);
const isNamed = (focus: Focused, role: string, name: string | RegExp) =>
  focus.role === role && (typeof name === 'string' ? focus.name === name : name.test(focus.name));
const show = (focus: Focused) => `${focus.role} "${focus.name}"`;

/** Waits until the focus is on the element with this role and name (focus that an action moves later). */
async function expectFocus(page: Page, role: string, name: string | RegExp): Promise<Focused> {
  return pollUntil(() => focused(page), (focus) => isNamed(focus, role, name), { timeoutMs: 15_000, what: `focus on ${role} ${String(name)}` });
}

/** Presses Tab (or Shift+Tab) until the focus reaches the element with this role and name, as a keyboard user would. */
async function tabTo(page: Page, role: string, name: string | RegExp, { back = false, max = 80 } = {}): Promise<Focused> {
  const trail: string[] = [];
  for (let press = 0; press < max; press += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focus = await focused(page);
    if (isNamed(focus, role, name)) return focus;
    trail.push(show(focus));
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${role} ${String(name)}; passed: ${trail.join(', ')}`);
}

/** The focused control shows the focus ring (WCAG 2.4.7) and is drawn clear of the sticky header and inside the window (2.4.11). */
function expectVisibleFocus(focus: Focused): void {
  expect({ element: show(focus), outline: focus.outlineStyle }).not.toEqual({ element: show(focus), outline: 'none' });
  expect(focus.outlineWidth).toBeGreaterThanOrEqual(2);
  expect(focus.top).toBeGreaterThanOrEqual(focus.headerBottom - 0.5);
  expect(focus.bottom).toBeLessThanOrEqual(focus.viewportHeight + 0.5);
}

/** What the page's status regions (role=status, aria-live) say now. */
const liveTexts = (page: Page): Promise<string[]> =>
  page.evaluate<string[]>(
    `Array.from(document.querySelectorAll('[role="status"], [role="alert"], [aria-live]')).map((region) => (region.textContent || '').replace(/\\s+/g, ' ').trim()).filter(Boolean)`,
  );

async function expectAnnounced(page: Page, text: string): Promise<void> {
  await pollUntil(() => liveTexts(page), (texts) => texts.some((said) => said.includes(text)), { timeoutMs: 15_000, what: `"${text}" in a live region` });
}

/** A page change as a screen reader user meets it: the new page's h1 focused, the title set and announced. */
async function expectNewPage(page: Page, heading: string, title: string): Promise<void> {
  const focus = await expectFocus(page, 'heading', heading);
  expect(focus.tag).toBe('h1');
  await pollUntil(() => page.title(), (shown) => shown === title, { what: `the title ${title}` });
  await pollUntil(
    () => page.evaluate<string>(`(document.querySelector('[data-page-announcer]') || {}).textContent || ''`),
    (said) => said === title,
    { what: `the page announcer saying ${title}` },
  );
}

/**
 * Targets under 24 × 24 px (WCAG 2.5.8) that do not have the spacing the rule allows instead (a 24 px
 * circle on each one's centre touching no other target), except links inside a sentence.
 */
const SMALL_TARGETS = `(() => {
  const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])';
  const targets = Array.from(document.querySelectorAll(selector)).filter((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') return false;
    if (element.closest('.visually-hidden, .skip-link, [aria-hidden="true"]')) return false;
    const inSentence = getComputedStyle(element).display === 'inline' && (element.parentElement.textContent || '').trim() !== (element.textContent || '').trim();
    return !inSentence;
  });
  const boxes = targets.map((element) => element.getBoundingClientRect());
  const small = (box) => box.width < 23.5 || box.height < 23.5;
  const distance = (x, y, box) => Math.hypot(Math.max(box.left - x, 0, x - box.right), Math.max(box.top - y, 0, y - box.bottom));
  return targets.flatMap((element, index) => {
    const box = boxes[index];
    if (!small(box)) return [];
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const crowded = boxes.some((other, otherIndex) => {
      if (otherIndex === index || targets[otherIndex].contains(element) || element.contains(targets[otherIndex])) return false;
      return small(other) ? Math.hypot(x - (other.left + other.width / 2), y - (other.top + other.height / 2)) < 24 : distance(x, y, other) < 12;
    });
    const name = element.getAttribute('aria-label') || (element.textContent || '').trim();
    return crowded ? [element.tagName.toLowerCase() + ' "' + name + '" ' + Math.round(box.width) + 'x' + Math.round(box.height)] : [];
  });
})()`;
const smallTargets = (page: Page): Promise<string[]> => page.evaluate<string[]>(SMALL_TARGETS);

describe('keyboard and screen reader journeys (web app in Chromium against the embedded product)', () => {
  const adminEmail = `admin-${randomBytes(5).toString('hex')}@example.com`;
  // Sixty saves, sign-ups and searches from one client address.
  const suite = useBrowserAndProduct({ ADMIN_EMAILS: adminEmail, RATE_LIMIT_MULTIPLIER: '10' });
  const url = suite.url;
  let api: ApiClient;
  let betaToken: string;

  const newAccount = (label: string, email = `${label}-${randomBytes(5).toString('hex')}@example.com`): SignUpRequest => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    password: PASSWORD,
    gender: 'female',
  });

  beforeAll(async () => {
    betaToken = await suite.product.betaToken();
    api = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken });
    const seeder = newAccount('seeder');
    const session = await api.signUp(seeder);
    // Only confirmed accounts count toward the shared catalogue.
    await suite.product.confirmEmail(seeder.email);
    const client = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session.accessToken });
    for (let i = 0; i < LINEN_COUNT; i += 1) await client.saveItem(linenShirt(i));
    await client.saveItem(VELVET_BLAZER);
    await pollUntil(() => api.search({ q: 'linen' }), (results) => results.total === LINEN_COUNT, { timeoutMs: 90_000, what: 'the linen shirts searchable' });
    await pollUntil(() => api.getSearchSuggestions('velv'), (answer) => answer.suggestions.some((s) => s.name === VELVET_BLAZER.name), { what: 'the blazer suggested' });
  }, 240_000);

  /** A fresh profile on `path`, through the beta code screen by keyboard: Tab to the field, type, Enter. */
  async function throughBetaGate(path: string, viewport: Viewport, heading: string, title: string): Promise<Page> {
    const page = await suite.newPage(viewport);
    await page.goto(url(path));
    await page.getByRole('heading', { level: 1, name: 'Beta access' }).waitFor();
    const field = await tabTo(page, 'textbox', 'Verification code');
    expectVisibleFocus(field);
    await page.keyboard.type(suite.product.demoBetaCode);
    await page.keyboard.press('Enter');
    // The same URL now shows its page: its heading takes the focus and its title is announced.
    await expectNewPage(page, heading, title);
    return page;
  }

  /** Signs in from /signin by keyboard; lands on the home page with its heading focused. */
  async function signIn(page: Page, email: string): Promise<void> {
    await tabTo(page, 'textbox', 'Email address');
    await page.keyboard.type(email);
    await tabTo(page, 'textbox', 'Password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/'));
    await expectNewPage(page, 'Stop Searching. Start Shopping.', 'Closetly · Stop Searching. Start Shopping.');
  }

  it('a visitor: the beta code, the search combobox, a product, filters and pages, by keyboard alone (1280 px)', async () => {
    const page = await throughBetaGate('/', VIEWPORTS[0], 'Stop Searching. Start Shopping.', 'Closetly · Stop Searching. Start Shopping.');
    expect(await page.evaluate<string>('document.documentElement.lang')).toBe('en');
    expect(await smallTargets(page)).toEqual([]);

    // The combobox: type, Down to the first suggestion, Enter opens its product page.
    const combobox = await tabTo(page, 'combobox', 'Search products');
    expectVisibleFocus(combobox);
    await page.keyboard.type('velv');
    const listbox = page.getByRole('banner').getByRole('listbox', { name: 'Suggestions' });
    await listbox.getByRole('option', { name: VELVET_BLAZER.name }).waitFor();
    await page.keyboard.press('ArrowDown');
    const active = await page.evaluate<string | null>(`document.activeElement.getAttribute('aria-activedescendant')`);
    expect(active).toBe(await listbox.getByRole('option').first().getAttribute('id'));
    expect(await listbox.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'keyboard-search-suggestion-1280', { fullPage: false });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/product\//);
    await expectNewPage(page, VELVET_BLAZER.name, `${VELVET_BLAZER.name} · Closetly`);

    // A search: back up to the combobox, type, Enter: the results page's heading.
    await tabTo(page, 'combobox', 'Search products', { back: true });
    await page.keyboard.type('linen');
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/search?q=linen'));
    await expectNewPage(page, 'Search Results', 'Search Results · Closetly');
    await expectAnnounced(page, `${LINEN_COUNT} items`);
    await expectAnnounced(page, 'Page 1 of 3');

    // Filters: open the panel, tick Women with Space. The URL changes, the checkbox keeps the focus.
    await tabTo(page, 'button', 'Open Filters');
    await page.keyboard.press('Enter');
    const women = await tabTo(page, 'checkbox', /^Women/);
    expectVisibleFocus(women);
    await page.keyboard.press('Space');
    await page.waitForURL((address) => address.searchParams.get('gender') === 'Women');
    await expectAnnounced(page, `${WOMEN_COUNT} items`);
    await expectAnnounced(page, 'Page 1 of 2');
    const stillWomen = await focused(page);
    expect(show(stillWomen)).toMatch(/^checkbox "Women/);
    expect(await page.evaluate<boolean>('document.activeElement.checked')).toBe(true);
    expect(await page.title()).toBe('Search Results · Closetly');
    await screenshot(page, 'keyboard-filter-focus-1280', { fullPage: false });
    expect(await smallTargets(page)).toEqual([]);

    // Tabbing down the long page scrolls each control into view below the sticky header; so does Shift+Tab back up.
    const pageTwo = await tabTo(page, 'button', 'Page 2', { max: 120 });
    expectVisibleFocus(pageTwo);
    expect(await page.evaluate<number>('window.scrollY')).toBeGreaterThan(0);
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Shift+Tab');
      const focus = await focused(page);
      expectVisibleFocus(focus);
    }
    await screenshot(page, 'keyboard-shift-tab-under-header-1280', { fullPage: false });

    // Page 2: Enter on its button; the results start from the top, with the focus on the heading, and say which page.
    await tabTo(page, 'button', 'Page 2', { max: 60 });
    await page.keyboard.press('Enter');
    await page.waitForURL((address) => address.searchParams.get('page') === '2');
    await expectFocus(page, 'heading', 'Search Results');
    await expectAnnounced(page, 'Page 2 of 2');
    await pollUntil(() => page.getByRole('button', { name: /^Quick view: / }).count(), (count) => count === WOMEN_COUNT - 25, { what: 'the second page of results' });
    expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    const firstCard = await tabTo(page, 'button', /^Quick view: /);
    expectVisibleFocus(firstCard);
    await screenshot(page, 'keyboard-card-focus-1280', { fullPage: false });
  }, 180_000);

  it('a shopper: quick view save and Escape back to the card, a wardrobe removal, the profile with its first error, and deleting the account (1280 px)', async () => {
    const account = newAccount('shopper');
    await api.signUp(account);
    const page = await throughBetaGate('/signin', VIEWPORTS[0], 'Sign in to your account', 'Sign in to your account · Closetly');
    await signIn(page, account.email);

    // The quick view from a card: Save, the status says so and the button keeps the focus; Escape returns to the card.
    const card = await tabTo(page, 'button', /^Quick view: Linen Shirt|^Quick view: Velvet Blazer/);
    expectVisibleFocus(card);
    await screenshot(page, 'keyboard-carousel-card-focus-1280', { fullPage: false });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect((await focused(page)).inDialog).toBe(true);
    const save = await tabTo(page, 'button', 'Save to Wardrobe', { max: 15 });
    expectVisibleFocus(save);
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Saved to your wardrobe.');
    const saved = await expectFocus(page, 'button', 'Remove from Wardrobe');
    expect(saved.inDialog).toBe(true);
    await screenshot(page, 'keyboard-quick-view-saved-1280', { fullPage: false });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocus(page, 'button', card.name);

    // My Wardrobe from the header; the item's remove button; the removal is announced and the focus lands on the page, not the body.
    await tabTo(page, 'link', 'My Wardrobe', { back: true });
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/my-wardrobe'));
    await expectNewPage(page, 'My Wardrobe', 'My Wardrobe · Closetly');
    const itemName = card.name.replace(/^Quick view: /, '').replace(/,.*$/, '');
    const remove = await tabTo(page, 'button', `Remove ${itemName} from wardrobe`);
    expectVisibleFocus(remove);
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Item successfully removed from wardrobe.');
    await expectFocus(page, 'button', 'Open Filters');
    expect(await smallTargets(page)).toEqual([]);

    // The profile, from the account menu: Enter opens it, Down to Profile, Enter.
    await tabTo(page, 'button', /^Account menu for /, { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    // The menu's type-ahead: typing an item's name moves the focus to it.
    await page.keyboard.type('Profile');
    await expectFocus(page, 'menuitem', 'Profile');
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/profile'));
    await expectNewPage(page, 'My Profile', 'My Profile · Closetly');

    // Fill: a new name, a gender with the arrow keys, an invalid height. Enter submits; the focus goes to the first error.
    await tabTo(page, 'textbox', 'Name');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Ada King');
    await tabTo(page, 'combobox', 'Gender');
    await page.keyboard.press('ArrowDown');
    const height = await tabTo(page, 'textbox', 'Height');
    await page.keyboard.type('-5');
    await page.keyboard.press('Enter');
    await pollUntil(() => page.evaluate<string | null>(`document.activeElement.getAttribute('aria-invalid')`), (invalid) => invalid === 'true', { what: 'the height field marked invalid' });
    const error = await focused(page);
    expect(show(error)).toBe(show(height));
    expectVisibleFocus(error);
    // Its error is tied to it: aria-describedby names the message.
    const described = await page.evaluate<string>(
      `(document.activeElement.getAttribute('aria-describedby') || '').split(' ').map((id) => (document.getElementById(id) || {}).textContent || '').join(' | ')`,
    );
    expect(described).toContain(MEASUREMENT_MIN_MESSAGE);
    await screenshot(page, 'keyboard-profile-error-1280', { fullPage: false });

    // Corrected and saved with Enter: the save is announced, the focus stays on the field.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Your profile is saved.');
    await page.getByText('You have unsaved changes').waitFor({ state: 'detached' });
    await expectFocus(page, 'textbox', 'Height');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Ada King');

    // Deleting the account: the alert dialog's Cancel first, Tab to Continue, the password, Enter.
    const deleteButton = await tabTo(page, 'button', 'Delete my account', { max: 120 });
    expectVisibleFocus(deleteButton);
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').waitFor();
    await expectFocus(page, 'button', 'Cancel');
    await page.keyboard.press('Tab');
    await expectFocus(page, 'button', 'Continue');
    await page.keyboard.press('Enter');
    await expectFocus(page, 'textbox', /^Current password/);
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/'));
    await expectAnnounced(page, ACCOUNT_DELETED_MESSAGE);
    await expectNewPage(page, 'Stop Searching. Start Shopping.', 'Closetly · Stop Searching. Start Shopping.');
  }, 180_000);

  it('an administrator: the product dialog from the table, its gender changed and saved, closed (390 px)', async () => {
    const admin = newAccount('admin', adminEmail);
    const session = await api.signUp(admin);
    await suite.product.confirmEmail(admin.email);
    const client = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session.accessToken });
    const scarf = await client.saveItem(UNTAGGED_SCARF);
    await pollUntil(async () => (await api.signIn({ email: adminEmail, password: PASSWORD })).user.roles, (roles) => roles.includes('admin'), { what: 'the admin role' });

    const phone = VIEWPORTS[1];
    const page = await throughBetaGate('/signin', phone, 'Sign in to your account', 'Sign in to your account · Closetly');
    await signIn(page, adminEmail);
    expect(await smallTargets(page)).toEqual([]);
    await screenshot(page, 'keyboard-home-heading-390', { fullPage: false });
    // A carousel's card, its ring drawn inside the card's edge (the row clips what lies outside it).
    expectVisibleFocus(await tabTo(page, 'button', /^Quick view: /));
    await screenshot(page, 'keyboard-carousel-card-focus-390', { fullPage: false });

    // A carousel under prefers-reduced-motion: Next jumps a page (the track is where it ends in the very next
    // frame: nothing glides); Previous back at the start is disabled, and the focus moves to Next, not the body.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await tabTo(page, 'button', 'Next items');
    const track = `document.activeElement.closest('.carousel').querySelector('.carousel__track')`;
    const offset = `new DOMMatrix(getComputedStyle(${track}).transform).m41`;
    expect(await page.evaluate<number>(offset)).toBe(0);
    await page.keyboard.press('Enter');
    const moved = await pollUntil(() => page.evaluate<number>(offset), (x) => x < 0, { what: 'the row turned a page' });
    expect(await page.evaluate<number>(`new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(${offset}))))`)).toBe(moved);
    await tabTo(page, 'button', 'Previous items', { back: true, max: 2 });
    await page.keyboard.press('Enter');
    await pollUntil(() => page.evaluate<number>(offset), (x) => x === 0, { what: 'the row back at its start' });
    await expectFocus(page, 'button', 'Next items');

    // The admin dashboard from the phone's menu: the menu button, then Admin in the account menu.
    await tabTo(page, 'button', /^Open menu/, { back: true });
    await page.keyboard.press('Enter');
    // The panel's account menu comes before the toggles in the page's order: Shift+Tab reaches it.
    await tabTo(page, 'button', /^Account menu for /, { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.getByRole('menuitem', { name: 'Admin' }).waitFor();
    await page.keyboard.type('Admin');
    await expectFocus(page, 'menuitem', 'Admin');
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/admin'));
    await expectNewPage(page, 'Admin Dashboard - At Risk Items', 'Admin Dashboard - At Risk Items · Closetly');

    // The untagged product's Edit button; Enter opens its dialog.
    const edit = await tabTo(page, 'button', `Edit ${scarf.name}`, { max: 120 });
    expectVisibleFocus(edit);
    await screenshot(page, 'keyboard-admin-edit-focus-390', { fullPage: false });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: scarf.name });
    await dialog.waitFor();
    await tabTo(page, 'combobox', 'Gender', { max: 10 });
    // Women is chosen at first; Down picks Men.
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByLabel('Gender').inputValue()).toBe('Men');
    await tabTo(page, 'button', 'Save Gender', { max: 5 });
    await page.keyboard.press('Enter');
    await expectAnnounced(page, 'Gender set to Men.');
    // The button, disabled while it saved, has the focus back.
    expectVisibleFocus(await expectFocus(page, 'button', 'Save Gender'));
    expect(await dialog.getByRole('status').innerText()).toBe('Gender set to Men.');
    await screenshot(page, 'keyboard-admin-dialog-390', { fullPage: false });
    // Still inside the dialog: Tab reaches Close, Enter closes it. The Edit button that opened it went with
    // its row (the product is tagged): the focus lands on what is left of the table, its heading, not the body.
    const close = await tabTo(page, 'button', 'Close', { max: 10 });
    expect(close.inDialog).toBe(true);
    expectVisibleFocus(close);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('No products missing gender tags.').waitFor();
    await expectFocus(page, 'heading', 'Products Missing Gender Tags');
    expect((await api.getProduct(scarf.id)).gender).toBe('Men');
  }, 180_000);
});
