import type { HtmlDocument, HtmlElement } from '../html/parse-html';
import { classes, descendants, findFirst, inRelatedContainer, selfAndAncestors, textOf } from '../html/query';
import { isObject, parseJsonValues } from '../lenient-json';
import { readAmount, type Amount } from '../price';
import { emptyFacts, type ProductCandidate } from '../types';

/**
 * Marketplace rules: the large marketplaces' own product-page markup, for
 * pages that carry no structured data. Read by markup, never by host: any
 * page written this way is read this way. Like the platform rules, the least
 * trusted source; they fill what the standard sources leave empty.
 *
 * Each rule is a small named reader:
 * - `productTitle`: the product title element (`#productTitle`, else
 *   `.x-item-title__mainTitle`, `#itemTitle` without its "Details about"
 *   label). Without one, the page is no marketplace page and nothing is read.
 * - `bylineBrand`: the byline (`#bylineInfo`, a `.byline`): "Visit the Levi's
 *   Store", "Brand: Levi's", and the same in German, French, Spanish,
 *   Italian and Dutch; else the product overview's brand row (`.po-brand`),
 *   else a specifics table's "Brand" label and its value (th/td, dt/dd, a
 *   label element and the one after it).
 * - `buyBoxPrice`: the offers on the page are the price blocks outside
 *   related, sponsored, comparison and other-sellers containers, and never a
 *   struck-through list price (`.a-text-price`, `data-a-strike`) or a
 *   per-unit price; the first in the buy box (`#corePrice_feature_div`,
 *   `#apex_desktop`, `#buybox`, `.x-price-primary`, …) is taken, else the
 *   first on the page. A block is read as its symbol, whole part and
 *   fraction (`.a-price-symbol` + `.a-price-whole` + `.a-price-fraction`;
 *   "29," + "99" + "€" → 29.99 EUR), else its screen-reader text
 *   (`.a-offscreen`), else its own text ("US $45.99/ea").
 * - `mainImage`: the main image (`#landingImage`, `#imgBlkFront`,
 *   `#main-image`, the first carousel image): its high-resolution attribute
 *   (`data-old-hires`, `data-zoom-src`, …), else the largest entry of its
 *   dynamic-image map (`data-a-dynamic-image`: {url: [width, height]}), else
 *   `src` (never a data: placeholder).
 * - description: the feature bullets, else the product description block;
 *   colour: the selected colour of the variation picker.
 */

/** Containers of offers other than the page's own: other sellers, sponsored carousels, comparison tables, bundles. */
const OTHER_OFFERS =
  /(^|[-_\s])(aod|olp|mbc)([-_\s]|$)|more[-_]?buying|other[-_]?sellers|carousel|comparison|sponsored|sp[-_]detail|sims[-_]|similar|also[-_]?bought|bundle|frequently/i;

/** The buy box: where the marketplace prints the price the Add to Cart button pays. */
const BUY_BOX_IDS = [
  'corePrice_feature_div', 'corePriceDisplay_desktop_feature_div', 'apex_desktop', 'apex_offerDisplay_desktop', 'price_inside_buybox',
  'newBuyBoxPrice', 'buybox', 'desktop_buybox', 'priceblock_dealprice', 'priceblock_saleprice', 'priceblock_ourprice', 'prcIsum', 'mm-saleDscPrc',
];
// Not `.x-price-approx__price`: that is the price converted to the shopper's currency, an estimate.
const BUY_BOX_CLASSES = new Set(['x-price-primary', 'x-bin-price', 'pricetopay', 'apexpricetopay']);

/** High-resolution image attributes, best first. */
const HIGH_RES = ['data-old-hires', 'data-zoom-src', 'data-zoom-image', 'data-hires', 'data-large-image', 'data-large', 'data-src-large', 'data-full'];
const MAIN_IMAGE_IDS = ['landingImage', 'imgBlkFront', 'ebooksImgBlkFront', 'main-image', 'icImg'];

const BRAND_LABEL = /^(brand|brand name|marke|markenname|marque|marca|merk|marchio)\s*:?$/i;

/** "Visit the Levi's Store", "Brand: Levi's", "Besuche den Levi's-Store", "Visiter la boutique Levi's", "Visita la tienda de Levi's", "Visita lo Store di Levi's", "Bezoek de Levi's-winkel". */
const BYLINES: readonly RegExp[] = [
  /^visit the (.+?) store$/i,
  /^(?:brand|marke|marque|marca|merk|marchio)\s*:\s*(.+)$/i,
  /^besuche den (.+?)-store$/i,
  /^visiter la boutique (?:de )?(.+)$/i,
  /^visita la tienda de (.+)$/i,
  /^visita lo store di (.+)$/i,
  /^bezoek de (.+?)-winkel$/i,
];

export function readMarketplaceRules(doc: HtmlDocument): ProductCandidate[] {
  const ids = indexIds(doc);
  const title = productTitle(doc, ids);
  if (!title) return [];
  const facts = emptyFacts('retailer');
  facts.isProduct = true;
  facts.name = title;
  facts.brand = bylineBrand(doc, ids);
  const price = buyBoxPrice(doc, ids);
  if (price) facts.offer = { amount: price.amount, currency: price.currency };
  facts.image = mainImage(doc, ids);
  facts.description = description(ids);
  const colour = selectedColour(ids);
  if (colour) facts.colours = [colour];
  return [{ facts, urls: [], related: false, mainEntity: true }];
}

function indexIds(doc: HtmlDocument): Map<string, HtmlElement> {
  const ids = new Map<string, HtmlElement>();
  for (const element of doc.elements) {
    const id = element.attrs['id'];
    if (id !== undefined && !ids.has(id)) ids.set(id, element);
  }
  return ids;
}

const hasClass = (element: HtmlElement, name: string): boolean => classes(element).includes(name);

function productTitle(doc: HtmlDocument, ids: Map<string, HtmlElement>): string | null {
  const amazon = ids.get('productTitle');
  if (amazon) return textOf(amazon, 1000) || null;
  const ebay = doc.elements.find((element) => hasClass(element, 'x-item-title__maintitle'));
  if (ebay) return textOf(ebay, 1000) || null;
  const older = ids.get('itemTitle');
  if (older && older.name === 'h1') return textOf(older, 1000).replace(/^details about\s*/i, '') || null;
  return null;
}

function bylineBrand(doc: HtmlDocument, ids: Map<string, HtmlElement>): string | null {
  const bylines = [ids.get('bylineInfo'), ...doc.elements.filter((element) => hasClass(element, 'byline')).slice(0, 3)];
  for (const byline of bylines) {
    if (!byline) continue;
    const text = textOf(byline, 300);
    for (const pattern of BYLINES) {
      const brand = pattern.exec(text)?.[1]?.trim();
      if (brand) return brand;
    }
  }
  const overview = doc.elements.find((element) => hasClass(element, 'po-brand'));
  if (overview) {
    const cells = [...descendants(overview, 200)].filter((element) => element.name === 'td');
    const value = cells.at(-1);
    if (value) return textOf(value, 200) || null;
  }
  return labelledValue(doc, BRAND_LABEL);
}

/** The value beside a label in a specifics table: th/td, dt/dd, or a label element and the element after it. */
function labelledValue(doc: HtmlDocument, label: RegExp): string | null {
  let looked = 0;
  for (const element of doc.elements) {
    if (!['th', 'td', 'dt', 'span', 'div', 'label'].includes(element.name) || element.children.length > 3) continue;
    const text = textOf(element, 40);
    if (!label.test(text) || inRelatedContainer(element)) continue;
    if (++looked > 20) break;
    for (const node of selfAndAncestors(element, 3)) {
      const value = nextElement(node);
      const valueText = value ? textOf(value, 200) : '';
      if (valueText !== '' && !label.test(valueText)) return valueText;
    }
  }
  return null;
}

function nextElement(element: HtmlElement): HtmlElement | null {
  const siblings = element.parent?.children ?? [];
  const at = siblings.indexOf(element);
  for (let k = at + 1; k < siblings.length; k++) {
    const sibling = siblings[k];
    if (sibling !== undefined && typeof sibling !== 'string') return sibling;
  }
  return null;
}

/** A price block: `.a-price` (symbol, whole and fraction parts) or `.x-price-primary` (one text). */
function isPriceBlock(element: HtmlElement): boolean {
  return classes(element).some((name) => name === 'a-price' || name === 'x-price-primary' || name === 'x-bin-price');
}

function isStruck(element: HtmlElement): boolean {
  for (const node of selfAndAncestors(element, 6)) {
    const names = classes(node);
    if (names.includes('a-text-price') || names.includes('basisprice') || names.includes('priceperunit') || node.attrs['data-a-strike'] === 'true') return true;
    if (node.name === 's' || node.name === 'del' || node.name === 'strike') return true;
  }
  return false;
}

function inOtherOffers(element: HtmlElement): boolean {
  if (inRelatedContainer(element)) return true;
  for (const node of selfAndAncestors(element)) {
    const mark = `${node.attrs['id'] ?? ''} ${node.attrs['class'] ?? ''}`;
    if (mark.length <= 500 && OTHER_OFFERS.test(mark)) return true;
  }
  return false;
}

function inBuyBox(element: HtmlElement): boolean {
  for (const node of selfAndAncestors(element)) {
    if (BUY_BOX_IDS.includes(node.attrs['id'] ?? '')) return true;
    if (classes(node).some((name) => BUY_BOX_CLASSES.has(name))) return true;
  }
  return false;
}

function buyBoxPrice(doc: HtmlDocument, ids: Map<string, HtmlElement>): Amount | null {
  const offers: Array<{ amount: Amount; buyBox: boolean }> = [];
  for (const element of doc.elements) {
    if (offers.length >= 50) break;
    if (!isPriceBlock(element) || isStruck(element) || inOtherOffers(element)) continue;
    // A block inside another block is read with it.
    if (element.parent && [...selfAndAncestors(element.parent, 4)].some(isPriceBlock)) continue;
    const amount = blockAmount(element);
    if (amount) offers.push({ amount, buyBox: inBuyBox(element) });
  }
  const chosen = offers.find((offer) => offer.buyBox) ?? offers[0];
  if (chosen) return chosen.amount;
  // Older layouts print the buy-box price as plain text in a known element.
  for (const id of BUY_BOX_IDS) {
    const element = ids.get(id);
    if (!element || isStruck(element)) continue;
    const amount = readAmount(element.attrs['content']) ?? readAmount(textOf(element, 100));
    if (amount) return amount;
  }
  return null;
}

/** Symbol + whole + fraction, else the screen-reader text, else the block's text. */
function blockAmount(block: HtmlElement): Amount | null {
  const part = (name: string) => findFirst(block, (element) => hasClass(element, name));
  const whole = part('a-price-whole');
  if (whole) {
    const wholeDigits = textOf(whole, 40).replace(/\D/g, '');
    const fraction = part('a-price-fraction');
    const fractionDigits = fraction ? textOf(fraction, 10).replace(/\D/g, '') : '';
    const symbol = part('a-price-symbol');
    const sign = symbol ? textOf(symbol, 10) : '';
    if (wholeDigits !== '') {
      const amount = Number(wholeDigits) + (fractionDigits === '' ? 0 : Number(fractionDigits) / 10 ** fractionDigits.length);
      const priced = readAmount(amount);
      if (priced) return { amount: priced.amount, currency: readAmount(`${sign}1`)?.currency ?? readAmount(`1 ${sign}`)?.currency ?? null };
    }
  }
  const offscreen = part('a-offscreen');
  const spoken = offscreen ? readAmount(textOf(offscreen, 100)) : null;
  if (spoken) return spoken;
  return readAmount(block.attrs['content']) ?? readAmount(textOf(block, 100).replace(/\/\s*ea\b.*$/i, ''));
}

function mainImage(doc: HtmlDocument, ids: Map<string, HtmlElement>): string | null {
  const known = MAIN_IMAGE_IDS.map((id) => ids.get(id)).find((element) => element?.name === 'img');
  const carousel = known ? null : doc.elements.find((element) => element.name === 'img' && [...selfAndAncestors(element, 4)].some((node) => hasClass(node, 'ux-image-carousel-item')));
  const image = known ?? carousel;
  if (!image) return null;
  for (const name of HIGH_RES) {
    const value = image.attrs[name]?.trim();
    if (value && !value.startsWith('data:')) return value;
  }
  const largest = largestDynamicImage(image.attrs['data-a-dynamic-image']);
  if (largest) return largest;
  const src = image.attrs['src']?.trim() || image.attrs['data-src']?.trim();
  return src && !src.startsWith('data:') ? src : null;
}

const IMAGE_ADDRESS = /^(https?:)?\/\/\S|^\/\S/i;

/** The largest entry of a dynamic-image map: {"https://…_SX569_.jpg": [569, 569], …}. */
function largestDynamicImage(map: string | undefined): string | null {
  if (!map || map.length > 20_000) return null;
  let best: { url: string; area: number } | null = null;
  for (const value of parseJsonValues(map)) {
    if (!isObject(value)) continue;
    for (const [url, size] of Object.entries(value)) {
      const [width, height] = Array.isArray(size) ? size.map(Number) : [0, 0];
      const area = (Number.isFinite(width) ? (width as number) : 0) * (Number.isFinite(height) ? (height as number) : 0);
      if (IMAGE_ADDRESS.test(url) && (best === null || area > best.area)) best = { url, area };
    }
  }
  return best?.url ?? null;
}

function description(ids: Map<string, HtmlElement>): string | null {
  const bullets = ids.get('feature-bullets');
  if (bullets) {
    const items = [...descendants(bullets, 2000)].filter((element) => element.name === 'li').map((item) => textOf(item, 1000)).filter((text) => text !== '');
    // Bullets are phrases ("100% Cotton"): each ends a sentence of the description.
    if (items.length > 0) return items.map((item) => (/[.!?]$/.test(item) ? item : `${item}.`)).join(' ');
  }
  const block = ids.get('productDescription');
  return block ? textOf(block, 6000) || null : null;
}

function selectedColour(ids: Map<string, HtmlElement>): string | null {
  const picker = ids.get('variation_color_name');
  const shown = picker ? findFirst(picker, (element) => hasClass(element, 'selection')) : null;
  const inline = ids.get('inline-twister-expanded-dimension-text-color_name');
  const text = shown ? textOf(shown, 100) : inline ? textOf(inline, 100) : '';
  return text === '' ? null : text;
}
