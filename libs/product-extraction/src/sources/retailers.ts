import type { HtmlDocument, HtmlElement } from '../html/parse-html';
import { classes, descendants, findFirst, inRelatedContainer, rawText, selfAndAncestors, textOf } from '../html/query';
import { isObject, own, parseJsonValueAt, parseJsonValues } from '../lenient-json';
import { chooseOffer, currencyCode, readAmount, type Amount } from '../price';
import { emptyFacts, type Offer, type ProductCandidate, type Variant } from '../types';
import { text } from './json-ld';

/**
 * Platform rules: what commerce platforms put in their pages besides (or
 * instead of) structured data. The least trusted source: they only fill
 * what the standard sources left empty.
 *
 * Shopify (any shop on the platform; no shop is special-cased). A Shopify
 * product object is one with a `variants` array and a `vendor`, `handle`
 * or `title`. It is found in:
 * - the analytics object every storefront prints: `var meta = {"product":
 *   {…}}`, `ShopifyAnalytics.meta = {…}` or `ShopifyAnalytics.meta.product
 *   = {…}` in an inline script: always the page's own product;
 * - theme product JSON: `<script type="application/json">` with an id
 *   holding "product" (`ProductJson-product-template`) or a
 *   `data-product-json` attribute (those inside related-items containers
 *   are related).
 * Prices in these objects are in cents when they are integers
 * (`"price": 5999` → 59.99; the theme objects and the analytics object
 * both count in cents) and in units when they are decimal text ("59.99",
 * the `.json` format). Name: `title`, else the first variant's `name`
 * without its " - {public_title}" suffix; brand: `vendor`; the shop's
 * product `type` is category evidence; image: featured_image, else the
 * first image; price: the lowest variant in stock (variants carry
 * `?variant=` URLs, so a page that selects one gets its price); currency:
 * `Shopify.currency.active` or `ShopifyAnalytics.meta.currency`. Colour:
 * when the product names its options (`options`: ["Color", "Size"], or
 * `[{name, values}]` in the `.json` format), each variant's value of the
 * colour option (`option1`…`option3`), so the `?variant=` the page selects
 * gives its colour; the analytics object names no options, and its
 * variants' "Navy / S" titles are not read as colours.
 *
 * Salesforce Commerce Cloud (SFRA storefronts): the product detail block
 * `.product-detail[data-pid]` (not one in a related container): name from
 * `.product-name`, price from `.sales .value` (its `content`, else its
 * text; the struck-through list price is never read), brand from
 * `.product-brand`, image from `.primary-images img`, and the selected
 * colour from the colour attribute: its shown value (`.selected-value`,
 * `.display-value`, `.selected-swatch`), else the selected swatch's button
 * label ("Select Color Navy" → "Navy").
 */

const SHOPIFY_MARKERS = ['ShopifyAnalytics.meta.product', 'ShopifyAnalytics.meta', 'var meta'];
const MAX_SCRIPT = 3_000_000;

export function readRetailerRules(doc: HtmlDocument): ProductCandidate[] {
  return [...readShopify(doc), ...readSalesforce(doc)];
}

function isShopifyProduct(value: unknown): value is Record<string, unknown> {
  if (!isObject(value) || !Array.isArray(own(value, 'variants'))) return false;
  return own(value, 'vendor') !== undefined || own(value, 'handle') !== undefined || own(value, 'title') !== undefined;
}

/** Where `marker` is followed by "=", the value after it. */
function valuesAfter(script: string, marker: string): unknown[] {
  const found: unknown[] = [];
  let from = 0;
  for (let round = 0; round < 5; round++) {
    const at = script.indexOf(marker, from);
    if (at < 0) break;
    let i = at + marker.length;
    while (i < script.length && /\s/.test(script.charAt(i))) i++;
    from = i;
    // "ShopifyAnalytics.meta.product" must not be read as "ShopifyAnalytics.meta" followed by ".product".
    if (script.charAt(i) !== '=' || script.charAt(i + 1) === '=') continue;
    const parsed = parseJsonValueAt(script, i + 1);
    if (parsed) {
      found.push(parsed.value);
      from = Math.max(parsed.end, i + 1);
    }
  }
  return found;
}

function readShopify(doc: HtmlDocument): ProductCandidate[] {
  const products: Array<{ product: Record<string, unknown>; related: boolean; main: boolean }> = [];
  let currency: string | null = null;
  for (const script of doc.elements) {
    if (script.name !== 'script') continue;
    const type = (script.attrs['type'] ?? '').trim().toLowerCase();
    const source = rawText(script);
    if (source.length > MAX_SCRIPT) continue;
    if (type === 'application/json') {
      const id = script.attrs['id'] ?? '';
      if (!/product/i.test(id) && !('data-product-json' in script.attrs)) continue;
      for (const value of parseJsonValues(source)) {
        const product = isShopifyProduct(value) ? value : isShopifyProduct(own(value, 'product')) ? (own(value, 'product') as Record<string, unknown>) : null;
        if (product) products.push({ product, related: inRelatedContainer(script), main: false });
      }
      continue;
    }
    if (type !== '' && !type.includes('javascript')) continue;
    if (source.indexOf('Shopify') < 0 && source.indexOf('var meta') < 0) continue;
    for (const marker of SHOPIFY_MARKERS) {
      for (const value of valuesAfter(source, marker)) {
        const product = isShopifyProduct(value) ? value : isShopifyProduct(own(value, 'product')) ? (own(value, 'product') as Record<string, unknown>) : null;
        if (product && !products.some((known) => known.product === product)) products.push({ product, related: false, main: true });
        currency ??= currencyCode(own(value, 'currency'));
      }
    }
    for (const value of valuesAfter(source, 'Shopify.currency')) currency ??= currencyCode(own(value, 'active'));
    for (const value of valuesAfter(source, 'ShopifyAnalytics.meta.currency')) currency ??= currencyCode(value);
  }
  return products.map(({ product, related, main }) => shopifyCandidate(product, related, main, currency));
}

/** A Shopify price: integers are cents, decimal text is units. */
function shopifyAmount(value: unknown): Amount | null {
  if (typeof value === 'number') return Number.isInteger(value) ? readAmount(value / 100) : readAmount(value);
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return readAmount(Number(value) / 100);
  return readAmount(value);
}

function imageSource(value: unknown): string | null {
  if (Array.isArray(value)) return value.length > 0 ? imageSource(value[0]) : null;
  if (isObject(value)) return text(own(value, 'src')) ?? text(own(value, 'url'));
  return text(value);
}

function shopifyCandidate(product: Record<string, unknown>, related: boolean, main: boolean, pageCurrency: string | null): ProductCandidate {
  const variants = (own(product, 'variants') as unknown[]).filter(isObject).slice(0, 250);
  const handle = text(own(product, 'handle'));
  const productUrl = text(own(product, 'url')) ?? (handle ? `/products/${handle}` : null);
  const facts = emptyFacts('retailer');
  facts.isProduct = true;
  const firstVariant = variants[0];
  const variantName = firstVariant ? text(own(firstVariant, 'name')) : null;
  const publicTitle = firstVariant ? text(own(firstVariant, 'public_title')) : null;
  facts.name =
    text(own(product, 'title')) ??
    (variantName && publicTitle && variantName.endsWith(` - ${publicTitle}`) ? variantName.slice(0, -` - ${publicTitle}`.length) : variantName);
  facts.brand = text(own(product, 'vendor'));
  const type = text(own(product, 'type')) ?? text(own(product, 'product_type'));
  if (type) facts.categories = [type];
  facts.image =
    imageSource(own(product, 'featured_image')) ??
    imageSource(own(product, 'images')) ??
    imageSource(own(product, 'media')) ??
    (firstVariant ? imageSource(own(firstVariant, 'featured_image')) : null);
  facts.description = text(own(product, 'description')) ?? text(own(product, 'body_html'));

  const offers: Offer[] = [];
  for (const variant of variants) {
    const amount = shopifyAmount(own(variant, 'price'));
    if (!amount) continue;
    const id = own(variant, 'id');
    const available = own(variant, 'available');
    offers.push({
      amount: amount.amount,
      currency: pageCurrency ?? amount.currency,
      available: typeof available === 'boolean' ? available : null,
      url: productUrl && (typeof id === 'number' || typeof id === 'string') ? `${productUrl}?variant=${id}` : null,
    });
  }
  const stated = shopifyAmount(own(product, 'price')) ?? shopifyAmount(own(product, 'price_min'));
  const offer = chooseOffer(offers) ?? (stated ? { amount: stated.amount, currency: pageCurrency ?? stated.currency, available: null, url: null } : null);
  facts.offer = offer ? { amount: offer.amount, currency: offer.currency } : null;
  facts.currency = pageCurrency;
  return { facts, urls: productUrl ? [productUrl] : [], related, mainEntity: main, offers, variants: shopifyVariants(product, variants, productUrl) };
}

const COLOUR_OPTION = /^\s*(colou?rs?|colou?r\s*way|shade|farbe|couleur|colore|kleur)\s*$/i;

/** Each variant's value of the product's colour option, with the `?variant=` URL that selects it. */
function shopifyVariants(product: Record<string, unknown>, variants: Record<string, unknown>[], productUrl: string | null): Variant[] {
  const options = own(product, 'options');
  if (!Array.isArray(options)) return [];
  const position = options.slice(0, 3).findIndex((option) => {
    const name = isObject(option) ? text(own(option, 'name')) : text(option);
    return name !== null && COLOUR_OPTION.test(name);
  });
  if (position < 0) return [];
  return variants.flatMap((variant) => {
    const listed = own(variant, 'options');
    const value = text(own(variant, `option${position + 1}`)) ?? (Array.isArray(listed) ? text(listed[position]) : null);
    if (value === null) return [];
    const id = own(variant, 'id');
    const url = productUrl && (typeof id === 'number' || typeof id === 'string') ? `${productUrl}?variant=${id}` : null;
    return [{ colours: [value], urls: url ? [url] : [], sku: text(own(variant, 'sku')) }];
  });
}

const SFCC_DETAIL = new Set(['product-detail', 'product-details', 'product-set-detail', 'pdp-main']);

function readSalesforce(doc: HtmlDocument): ProductCandidate[] {
  const candidates: ProductCandidate[] = [];
  for (const element of doc.elements) {
    if (!('data-pid' in element.attrs) || !classes(element).some((name) => SFCC_DETAIL.has(name))) continue;
    if (candidates.length >= 5) break;
    candidates.push(salesforceCandidate(element));
  }
  return candidates;
}

const hasClass = (name: string) => (element: HtmlElement) => classes(element).includes(name);

function salesforceCandidate(detail: HtmlElement): ProductCandidate {
  const facts = emptyFacts('retailer');
  facts.isProduct = true;
  const name = findFirst(detail, hasClass('product-name'));
  facts.name = name ? textOf(name, 500) || null : null;
  const brand = findFirst(detail, hasClass('product-brand'));
  facts.brand = brand ? textOf(brand, 200) || null : null;
  const sales = findFirst(detail, hasClass('sales'));
  if (sales) {
    const value = findFirst(sales, hasClass('value')) ?? sales;
    const shown = readAmount(textOf(value, 100));
    const stated = readAmount(value.attrs['content']);
    const amount = stated ?? shown;
    if (amount) facts.offer = { amount: amount.amount, currency: amount.currency ?? shown?.currency ?? null };
  }
  const images = findFirst(detail, hasClass('primary-images'));
  const image = images ? findFirst(images, (element) => element.name === 'img') : null;
  facts.image = image ? (image.attrs['src'] && !image.attrs['src'].startsWith('data:') ? image.attrs['src'] : (image.attrs['data-src'] ?? null)) : null;
  const colour = salesforceColour(detail);
  if (colour) facts.colours = [colour];
  return { facts, urls: [], related: inRelatedContainer(detail), mainEntity: false };
}

const COLOUR_NAMES = new Set(['color', 'colour']);
const SHOWN_VALUE = new Set(['selected-value', 'display-value', 'selected-swatch']);
const SELECT_LABEL = /^\s*select(ed)?\s+(colou?r\s*:?\s*)?/i;

/**
 * The colour an SFRA product page shows as selected (see the header). The
 * colour attribute is the block marked `data-attr="color"`, or the one
 * holding the attribute's label (`<span class="color non-input-label">`).
 */
function salesforceColour(detail: HtmlElement): string | null {
  const marked = findFirst(detail, (element) => COLOUR_NAMES.has((element.attrs['data-attr'] ?? '').trim().toLowerCase()));
  const label = marked ? null : findFirst(detail, (element) => classes(element).some((name) => COLOUR_NAMES.has(name)));
  const attribute = marked ?? label?.parent ?? null;
  if (!attribute) return null;
  const shown = findFirst(attribute, (element) => classes(element).some((name) => SHOWN_VALUE.has(name)));
  const shownText = shown ? textOf(shown, 200) : '';
  if (shownText !== '') return shownText;
  for (const element of descendants(attribute, 2_000)) {
    if (!classes(element).includes('selected')) continue;
    for (const node of selfAndAncestors(element, 4)) {
      const name = node.attrs['aria-label'] ?? node.attrs['title'];
      if (name && name.trim() !== '') return name.replace(SELECT_LABEL, '');
      if (node === attribute) break;
    }
  }
  return null;
}
