/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { createApiClient, type ApiClient } from '@closetly/api-client';
import type { ItemInput, SignUpRequest } from '@closetly/contracts';
import { pollUntil } from '@closetly/testing';
import type { Locator, Page } from 'playwright-core';
import { openPastBetaGate, passBetaGate, screenshot, screenshotFromTop, useBrowserAndProduct, type Viewport, VIEWPORTS } from './browser';

const PASSWORD = 'Search!Pass1';
const NO_RESULTS = 'No products found matching your search criteria.';
/** More than one page of 25. */
const LINEN_COUNT = 30;

/**
 * The seeded catalogue. Every page is on ASOS, a supported multi-brand retailer, so one save lists
 * each product for everyone (any brand). Of the 30 linen shirts, every third is Northwind (10), half
 * are for women and one in five costs 250: Northwind + Women is 5 shirts, + Over $200 just No. 0.
 */
const linenShirt = (i: number): ItemInput => ({
  name: `Linen Shirt No. ${i}`,
  brand: i % 3 === 0 ? 'Northwind' : 'Acme',
  price: i % 5 === 0 ? 250 : 39.99,
  description: 'A relaxed shirt in washed linen.',
  sourceUrl: `https://www.asos.com/acme/linen-shirt/prd/${randomBytes(4).toString('hex')}-${i}`,
  gender: i % 2 === 0 ? 'Women' : 'Men',
});
const VELVET_BLAZER: ItemInput = {
  name: 'Velvet Blazer',
  brand: 'Acme',
  price: 180,
  description: 'A single-breasted blazer in cotton velvet.',
  sourceUrl: `https://www.asos.com/acme/velvet-blazer/prd/${randomBytes(4).toString('hex')}`,
  gender: 'Women',
};

const header = (page: Page) => page.getByRole('banner');
const searchField = (page: Page) => header(page).getByRole('combobox', { name: 'Search products' });
const suggestions = (page: Page) => header(page).getByRole('listbox', { name: 'Suggestions' });
const cards = (page: Page) => page.getByRole('button', { name: /^Quick view: / });
const filterGroup = (scope: Page | Locator, name: 'Price' | 'Gender' | 'Brand') => scope.getByRole('region', { name });
const pageButtons = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).getByRole('button');

describe('search: header suggestions and the results page (web app in Chromium against the embedded product)', () => {
  // Thirty-odd saves, searches and suggestions from one client address.
  const suite = useBrowserAndProduct({ RATE_LIMIT_MULTIPLIER: '10' });
  const url = suite.url;
  let api: ApiClient;
  let betaToken: string;
  let blazerId: string;

  beforeAll(async () => {
    betaToken = await suite.product.betaToken();
    api = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken });
    const seederAccount = newAccount('seeder');
    const session = await api.signUp(seederAccount);
    // Only confirmed accounts count toward the shared catalogue.
    await suite.product.confirmEmail(seederAccount.email);
    const seeder = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session.accessToken });
    const saved = await Promise.all([...Array.from({ length: LINEN_COUNT }, (_, i) => seeder.saveItem(linenShirt(i))), seeder.saveItem(VELVET_BLAZER)]);
    blazerId = saved[LINEN_COUNT]?.id ?? '';
    // The search index follows the catalogue's events: wait until every product is searchable.
    await pollUntil(() => api.search({ q: 'linen' }), (results) => results.total === LINEN_COUNT, { timeoutMs: 60_000, what: 'the 30 linen shirts searchable' });
    await pollUntil(() => api.getSearchSuggestions('velv'), (answer) => answer.suggestions.some((s) => s.id === blazerId), { what: 'the blazer suggested' });
  }, 180_000);

  function newAccount(label: string): SignUpRequest {
    return { firstName: 'Iris', lastName: 'Apfel', email: `${label}-${randomBytes(5).toString('hex')}@example.com`, password: PASSWORD, gender: 'female' };
  }

  const openPage = (path: string, viewport: Viewport): Promise<Page> => openPastBetaGate(suite, path, viewport);
  const shotFromTop = screenshotFromTop;

  it('suggests names after a pause, opens one from the keyboard, and a signed-in search is remembered (1280 px)', async () => {
    const account = newAccount('shopper');
    const session = await api.signUp(account);
    const page = await openPage('/signin', VIEWPORTS[0]);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(url('/'));

    const field = searchField(page);
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    await field.pressSequentially('velv', { delay: 40 });
    const option = suggestions(page).getByRole('option', { name: 'Velvet Blazer' });
    await option.waitFor();
    expect(await field.getAttribute('aria-expanded')).toBe('true');
    expect(await field.getAttribute('aria-controls')).toBe(await suggestions(page).getAttribute('id'));
    expect(await suggestions(page).getByRole('option').count()).toBeLessThanOrEqual(5);
    expect(await option.getAttribute('href')).toBe(`/product/${blazerId}`);
    await screenshot(page, 'search-suggestions-1280', { fullPage: false });

    // Escape closes the list; Down opens it again on the first option, which Enter opens.
    await field.press('Escape');
    await suggestions(page).waitFor({ state: 'hidden' });
    expect(await field.getAttribute('aria-expanded')).toBe('false');
    await field.press('ArrowDown');
    await option.waitFor();
    expect(await field.getAttribute('aria-activedescendant')).toBe(await suggestions(page).getByRole('option').first().getAttribute('id'));
    expect(await suggestions(page).getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await field.press('Enter');
    await page.waitForURL(url(`/product/${blazerId}`));
    await page.getByRole('heading', { level: 1, name: 'Velvet Blazer' }).waitFor();

    // Enter with no active option searches; the signed-in search is saved.
    await field.fill('linen');
    await field.press('Enter');
    await page.waitForURL(url('/search?q=linen'));
    await page.getByRole('heading', { level: 1, name: 'Search Results' }).waitFor();
    const member = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session.accessToken });
    const recent = await pollUntil(() => member.getRecentSearches(), (list) => list.length > 0, { what: 'the search saved as a recent search' });
    expect(recent.map((entry) => entry.term)).toEqual(['linen']);
  }, 120_000);

  it('pages through results, filters by brand, gender and price with counts, keeps it all in the URL, and shows no results for nothing or a failure (1280 px)', async () => {
    const page = await openPage('/search?q=linen', VIEWPORTS[0]);
    await page.getByText(`${LINEN_COUNT} items`, { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(25);
    expect(await pageButtons(page).allTextContents()).toEqual(['1', '2']);
    expect(await page.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await shotFromTop(page, 'search-results-1280');

    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(url('/search?q=linen&page=2'));
    await pollUntil(() => cards(page).count(), (count) => count === LINEN_COUNT - 25, { what: 'the 5 shirts of page 2' });
    // Back returns to the first page, from the cache.
    await page.goBack();
    await page.waitForURL(url('/search?q=linen'));
    await pollUntil(() => cards(page).count(), (count) => count === 25, { what: 'page 1 again' });

    await page.getByRole('button', { name: 'Open Filters' }).click();
    await page.getByRole('button', { name: 'Close Filters' }).waitFor();
    const brand = filterGroup(page, 'Brand');
    // A filter ticked beside the results keeps the page where it is (a new page would start at the top).
    await page.evaluate('window.scrollTo(0, 120)');
    await brand.getByRole('checkbox', { name: 'Northwind (10)' }).check();
    await page.waitForURL(url('/search?q=linen&brand=Northwind'));
    await page.getByText('10 items', { exact: true }).waitFor();
    expect(await page.evaluate<number>('window.scrollY')).toBe(120);
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
    await filterGroup(page, 'Gender').getByRole('checkbox', { name: /^Women \(/ }).check();
    await page.getByText('5 items', { exact: true }).waitFor();
    await filterGroup(page, 'Price').getByRole('checkbox', { name: /^Over \$200 \(/ }).check();
    await page.getByText('1 item', { exact: true }).waitFor();
    // The URL holds q, then each filter group's values, then the page.
    expect(page.url()).toBe(url('/search?q=linen&price=over-200&gender=Women&brand=Northwind'));
    await shotFromTop(page, 'search-filters-1280');

    // The card opens the quick view.
    await page.getByRole('button', { name: 'Quick view: Linen Shirt No. 0' }).click();
    await page.getByRole('dialog', { name: 'Linen Shirt No. 0' }).waitFor();
    await page.keyboard.press('Escape');

    // A shared link shows the same page; a group collapses.
    const shared = page.url();
    const other = await suite.newPage(VIEWPORTS[0]);
    await other.goto(shared);
    await passBetaGate(other, suite.product.demoBetaCode);
    await other.getByRole('button', { name: 'Quick view: Linen Shirt No. 0' }).waitFor();
    await other.getByRole('button', { name: 'Open Filters' }).click();
    expect(await filterGroup(other, 'Brand').getByRole('checkbox', { name: /^Northwind \(/ }).isChecked()).toBe(true);
    await other.getByRole('button', { name: 'Brand', exact: true }).click();
    await filterGroup(other, 'Brand').waitFor({ state: 'hidden' });

    // Nothing matches; a failed search shows no results either (spec §7).
    await other.goto(url('/search?q=linen&brand=Nobody'));
    await other.getByText(NO_RESULTS).waitFor();
    await other.route(
      (address) => address.pathname === '/api/search' && address.searchParams.get('q') === 'failing',
      (route) => route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Search is unavailable' } } }),
    );
    await other.goto(url('/search?q=failing'));
    await other.getByText(NO_RESULTS).waitFor();

    // With the panel closed, the active filters show as chips above the results; removing one updates the results and the URL (issue 26).
    await page.getByRole('button', { name: 'Close Filters' }).click();
    const activeFilters = page.getByRole('group', { name: 'Active filters' });
    expect(await activeFilters.getByRole('button').allTextContents()).toEqual([
      'Remove filter: Price Over $200',
      'Remove filter: Gender Women',
      'Remove filter: Brand Northwind',
      'Clear all',
    ]);
    await shotFromTop(page, 'search-filter-chips-1280');
    await activeFilters.getByRole('button', { name: 'Remove filter: Price Over $200' }).click();
    await page.waitForURL(url('/search?q=linen&gender=Women&brand=Northwind'));
    await page.getByText('5 items', { exact: true }).waitFor();
    await pollUntil(() => page.evaluate<string | null>('document.activeElement && document.activeElement.textContent'), (text) => text === 'Remove filter: Gender Women', { what: 'focus on the next chip' });
    await activeFilters.getByRole('button', { name: 'Clear all' }).click();
    await page.waitForURL(url('/search?q=linen'));
    await activeFilters.waitFor({ state: 'detached' });
    await pollUntil(() => page.evaluate<string | null>('document.activeElement && document.activeElement.textContent'), (text) => text === 'Open Filters', { what: 'focus on the filters toggle' });
  }, 120_000);

  it('opens the search from the mobile toggle and filters in the bottom sheet (390 px)', async () => {
    const page = await openPage('/', VIEWPORTS[1]);
    expect(await searchField(page).count()).toBe(0);
    await header(page).getByRole('button', { name: 'Open search' }).click();
    await searchField(page).pressSequentially('linen', { delay: 40 });
    await suggestions(page).getByRole('option').first().waitFor();
    await screenshot(page, 'search-suggestions-390', { fullPage: false });
    await searchField(page).press('Enter');
    await page.waitForURL(url('/search?q=linen'));
    await page.getByText(`${LINEN_COUNT} items`, { exact: true }).waitFor();
    await shotFromTop(page, 'search-results-390');

    await page.getByRole('button', { name: 'Open Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    await filterGroup(sheet, 'Brand').getByRole('checkbox', { name: 'Northwind (10)' }).check();
    await filterGroup(sheet, 'Gender').getByRole('checkbox', { name: /^Women \(/ }).check();
    // Nothing applies before Apply Filters.
    expect(new URL(page.url()).searchParams.getAll('brand')).toEqual([]);
    await screenshot(page, 'search-filters-sheet-390', { fullPage: false });
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.getByText('5 items', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.getAll('brand')).toEqual(['Northwind']);
    expect(new URL(page.url()).searchParams.getAll('gender')).toEqual(['Women']);

    // Reopened, it shows the applied filters; its close control leaves them as they were.
    await page.getByRole('button', { name: 'Open Filters' }).click();
    expect(await filterGroup(sheet, 'Brand').getByRole('checkbox', { name: /^Northwind \(/ }).isChecked()).toBe(true);
    await filterGroup(sheet, 'Brand').getByRole('checkbox', { name: /^Northwind \(/ }).uncheck();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.getAll('brand')).toEqual(['Northwind']);
    await shotFromTop(page, 'search-filtered-390');

    // With the sheet closed, the active filters show as chips above the results; each removes its own (issue 26).
    const activeFilters = page.getByRole('group', { name: 'Active filters' });
    expect(await activeFilters.getByRole('button').allTextContents()).toEqual(['Remove filter: Gender Women', 'Remove filter: Brand Northwind', 'Clear all']);
    await activeFilters.getByRole('button', { name: 'Remove filter: Brand Northwind' }).click();
    await page.waitForURL(url('/search?q=linen&gender=Women'));
    await pollUntil(() => activeFilters.getByRole('button').allTextContents(), (texts) => texts.join('|') === 'Remove filter: Gender Women', { what: 'one chip left' });
    // Focus moves to the chip left, not to the page.
    await pollUntil(() => page.evaluate<string | null>('document.activeElement && document.activeElement.textContent'), (text) => text === 'Remove filter: Gender Women', { what: 'focus on the chip left' });
    await page.getByText(/^\d+ items?$/).waitFor();
    await shotFromTop(page, 'search-filter-chips-390');
  }, 120_000);
});
