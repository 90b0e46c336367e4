/**
 * @jest-environment node
 */
import { randomBytes } from 'node:crypto';
import { createApiClient, type ApiClient } from '@closetly/api-client';
import type { ItemInput, SignUpRequest } from '@closetly/contracts';
import { pollUntil } from '@closetly/testing';
import type { Locator, Page } from 'playwright-core';
import { openPastBetaGate, screenshot, screenshotFromTop, useBrowserAndProduct, type Viewport, VIEWPORTS } from './browser';

const PASSWORD = 'Search!Pass1';

type Gender = 'Women' | 'Men' | 'Unisex';

/**
 * One seeded product: every page is on ASOS, a supported multi-brand retailer, so one save lists it
 * for everyone. `colour` is what the page states; without it the colour word in the name is all
 * search has ("Black Slim Jeans").
 */
const item = (name: string, gender: Gender, colour?: string): ItemInput => ({
  name,
  brand: gender === 'Men' ? 'Northwind' : 'Acme',
  price: 49.99,
  description: 'A wardrobe staple.',
  sourceUrl: `https://www.asos.com/acme/${name.toLowerCase().replace(/\W+/g, '-')}/prd/${randomBytes(4).toString('hex')}`,
  gender,
  ...(colour ? { colour } : {}),
});

const WOMENS_JEANS = [item('Black Slim Jeans', 'Women'), item('High Rise Mom Jeans', 'Women', 'Mid Wash Blue'), item('Wide Leg Jeans', 'Women', 'Navy')];
const MENS_JEANS = [item('Straight Fit Jeans', 'Men', 'Blue'), item('Black Skinny Jeans', 'Men')];
const UNISEX_JEANS = [item('Relaxed Jeans', 'Unisex', 'Light Blue')];
const JEANS = [...WOMENS_JEANS, ...MENS_JEANS, ...UNISEX_JEANS];
/** The jeans the Colour filter's Blue keeps: stated blue shades (navy is blue). */
const BLUE_JEANS = ['High Rise Mom Jeans', 'Wide Leg Jeans', 'Straight Fit Jeans', 'Relaxed Jeans'];
/** Black only by the word in their names. */
const BLACK_JEANS = ['Black Slim Jeans', 'Black Skinny Jeans'];
const LINEN = [item('Relaxed Linen Shirt', 'Men', 'Sky Blue'), item('Linen Blend Shirt', 'Women', 'Sage Green'), item('Linen Shorts', 'Unisex')];
const OTHERS = [
  item('Oxford Shirt', 'Men', 'White'),
  item('Silk Shirt', 'Women', 'Pink'),
  // A blue denim skirt: a women's search for jeans still shows no skirts.
  item('Denim Midi Skirt', 'Women', 'Blue'),
  item('Black Mini Skirt', 'Women'),
  item('Denim Shorts', 'Women', 'Light Blue'),
  item('Chino Shorts', 'Men', 'Khaki'),
];
const CATALOGUE = [...JEANS, ...LINEN, ...OTHERS];
const SKIRTS = ['Denim Midi Skirt', 'Black Mini Skirt'];

const names = (items: readonly ItemInput[]) => items.map((each) => each.name);
const sorted = (values: readonly string[]) => [...values].sort();

const header = (page: Page) => page.getByRole('banner');
const searchField = (page: Page) => header(page).getByRole('combobox', { name: 'Search products' });
const suggestions = (page: Page) => header(page).getByRole('listbox', { name: 'Suggestions' });
const cards = (page: Page) => page.getByRole('button', { name: /^Quick view: / });
const colourGroup = (scope: Page | Locator) => scope.getByRole('region', { name: 'Colour' });

/** The names on the result cards, sorted. */
async function cardNames(page: Page): Promise<string[]> {
  const labels = await cards(page).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent ?? ''));
  return sorted(labels.map((label) => label.replace(/^Quick view: /, '')));
}

/** Waits until the grid shows exactly these products (the count line says how many, so the answer is the current one). */
async function expectResults(page: Page, expected: readonly string[], what: string): Promise<void> {
  const count = `${expected.length} ${expected.length === 1 ? 'item' : 'items'}`;
  const shown = await pollUntil(
    async () => ((await page.getByText(count, { exact: true }).count()) > 0 ? cardNames(page) : []),
    (found) => JSON.stringify(found) === JSON.stringify(sorted(expected)),
    { what },
  );
  expect(shown).toEqual(sorted(expected));
}

describe('search understanding: gender and category words, prefixes and the Colour filter (web app in Chromium against the embedded product)', () => {
  // Sixteen saves and a poll per product from one client address.
  const suite = useBrowserAndProduct({ RATE_LIMIT_MULTIPLIER: '10' });
  const url = suite.url;
  let api: ApiClient;
  const idOf = new Map<string, string>();

  beforeAll(async () => {
    const betaToken = await suite.product.betaToken();
    api = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken });
    const seederAccount = newAccount('seeder');
    const session = await api.signUp(seederAccount);
    // Only confirmed accounts count toward the shared catalogue.
    await suite.product.confirmEmail(seederAccount.email);
    const seeder = createApiClient({ baseUrl: suite.product.baseUrl, getBetaToken: () => betaToken, getAccessToken: () => session.accessToken });
    const saved = await Promise.all(CATALOGUE.map((each) => seeder.saveItem(each)));
    for (const product of saved) idOf.set(product.name, product.id);
    // The search index follows the catalogue's events: wait until every product is found by its own name.
    await Promise.all(
      saved.map((product) =>
        pollUntil(() => api.search({ q: product.name }), (results) => results.products.some((found) => found.id === product.id), {
          timeoutMs: 60_000,
          what: `${product.name} searchable`,
        }),
      ),
    );
  }, 180_000);

  function newAccount(label: string): SignUpRequest {
    return { firstName: 'Iris', lastName: 'Apfel', email: `${label}-${randomBytes(5).toString('hex')}@example.com`, password: PASSWORD, gender: 'female' };
  }

  const openPage = (path: string, viewport: Viewport): Promise<Page> => openPastBetaGate(suite, path, viewport);
  const shotFromTop = screenshotFromTop;

  it('"women jeans" typed in the header shows women\'s and unisex jeans, no men\'s jeans and no skirts (1280 px)', async () => {
    const page = await openPage('/', VIEWPORTS[0]);
    await searchField(page).fill('women jeans');
    await searchField(page).press('Enter');
    await page.waitForURL(url('/search?q=women+jeans'));
    await expectResults(page, [...names(WOMENS_JEANS), ...names(UNISEX_JEANS)], "women's and unisex jeans for 'women jeans'");
    const shown = await cardNames(page);
    for (const name of [...names(MENS_JEANS), ...SKIRTS]) expect(shown).not.toContain(name);
    await shotFromTop(page, 'search-women-jeans-1280');
  }, 120_000);

  it('"lin" and Enter shows the linen items, the same names the suggestions listed (1280 px)', async () => {
    const page = await openPage('/', VIEWPORTS[0]);
    const field = searchField(page);
    await field.pressSequentially('lin', { delay: 40 });
    const options = suggestions(page).getByRole('option');
    const suggested = await pollUntil(
      async () => sorted(await options.allTextContents()),
      (found) => found.length === LINEN.length,
      { what: 'the linen items suggested for "lin"' },
    );
    expect(suggested).toEqual(sorted(names(LINEN)));
    await field.press('Enter');
    await page.waitForURL(url('/search?q=lin'));
    await expectResults(page, suggested, "the suggested linen items as results for 'lin'");
  }, 120_000);

  it('the Colour filter reads a colour word in the name when none is stated: Black keeps the two black jeans (1280 px)', async () => {
    const page = await openPage('/search?q=jeans', VIEWPORTS[0]);
    await expectResults(page, names(JEANS), "every jeans for 'jeans'");
    await page.getByRole('button', { name: 'Open Filters' }).click();
    const black = colourGroup(page).getByRole('checkbox', { name: `Black (${BLACK_JEANS.length})` });
    await black.check();
    await page.waitForURL(url('/search?q=jeans&colour=black'));
    await expectResults(page, BLACK_JEANS, 'only the black jeans');
    await shotFromTop(page, 'search-colour-black-1280');
    // Clear filters clears the colour too.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(url('/search?q=jeans'));
    await expectResults(page, names(JEANS), 'every jeans again');
    expect(await colourGroup(page).getByRole('checkbox', { name: /^Black \(/ }).isChecked()).toBe(false);
  }, 120_000);

  it('the Colour filter keeps only blue jeans, with colour=blue in the URL, and unticking restores them (1280 px)', async () => {
    const page = await openPage('/search?q=jeans', VIEWPORTS[0]);
    await expectResults(page, names(JEANS), "every jeans for 'jeans'");

    await page.getByRole('button', { name: 'Open Filters' }).click();
    const colour = colourGroup(page);
    await colour.waitFor();
    // Stated shades count in their family (navy and mid wash are blue).
    const blue = colour.getByRole('checkbox', { name: `Blue (${BLUE_JEANS.length})` });
    await blue.check();
    await page.waitForURL(url('/search?q=jeans&colour=blue'));
    await expectResults(page, BLUE_JEANS, 'only the blue jeans');
    expect(await blue.isChecked()).toBe(true);
    await shotFromTop(page, 'search-colour-1280');

    // The quick view names the stated colour.
    await page.getByRole('button', { name: 'Quick view: Wide Leg Jeans' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wide Leg Jeans' });
    await dialog.getByText('Colour: Navy', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await blue.uncheck();
    await page.waitForURL(url('/search?q=jeans'));
    await expectResults(page, names(JEANS), 'every jeans again');
  }, 120_000);

  it('the product page and the quick view show the stated colour, and nothing when none is stated (1280 and 390 px)', async () => {
    for (const viewport of VIEWPORTS) {
      const page = await openPage(`/product/${idOf.get('High Rise Mom Jeans') ?? ''}`, viewport);
      await page.getByRole('heading', { level: 1, name: 'High Rise Mom Jeans' }).waitFor();
      await page.getByText('Colour: Mid Wash Blue', { exact: true }).waitFor();
      await screenshot(page, `product-colour-${viewport.width}`);

      await page.goto(url(`/product/${idOf.get('Black Slim Jeans') ?? ''}`));
      await page.getByRole('heading', { level: 1, name: 'Black Slim Jeans' }).waitFor();
      expect(await page.getByText(/^Colour:/).count()).toBe(0);
    }

    // A search that needs no understanding: the product's own name.
    const page = await openPage('/search?q=Oxford+Shirt', VIEWPORTS[1]);
    await page.getByRole('button', { name: 'Quick view: Oxford Shirt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Oxford Shirt' });
    await dialog.getByText('Colour: White', { exact: true }).waitFor();
    await screenshot(page, 'quick-view-colour-390', { fullPage: false });
  }, 120_000);

  it('the Colour filter works in the mobile bottom sheet (390 px)', async () => {
    const page = await openPage('/search?q=jeans', VIEWPORTS[1]);
    await expectResults(page, names(JEANS), "every jeans for 'jeans'");

    await page.getByRole('button', { name: 'Open Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.waitFor();
    const colour = colourGroup(sheet);
    await colour.scrollIntoViewIfNeeded();
    await colour.getByRole('checkbox', { name: `Blue (${BLUE_JEANS.length})` }).check();
    // Nothing applies before Apply Filters.
    expect(new URL(page.url()).searchParams.getAll('colour')).toEqual([]);
    await screenshot(page, 'search-colour-sheet-390', { fullPage: false });
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.getAll('colour')).toEqual(['blue']);
    await expectResults(page, BLUE_JEANS, 'only the blue jeans');
    await shotFromTop(page, 'search-colour-390');

    // Reopened, Blue is ticked; unticked and applied, every jeans is back.
    await page.getByRole('button', { name: 'Open Filters' }).click();
    const ticked = colourGroup(sheet).getByRole('checkbox', { name: /^Blue \(/ });
    expect(await ticked.isChecked()).toBe(true);
    await ticked.uncheck();
    await sheet.getByRole('button', { name: 'Apply Filters' }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.getAll('colour')).toEqual([]);
    await expectResults(page, names(JEANS), 'every jeans again');
  }, 120_000);
});
