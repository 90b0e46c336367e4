import type { HtmlDocument, HtmlElement } from '../html/parse-html';
import { classes, selfAndAncestors, textOf } from '../html/query';
import { currencyCode, readAmount } from '../price';
import { emptyFacts, type ProductFacts } from '../types';

/**
 * What the page says about itself in its head, and its headline:
 * - OpenGraph and product meta (`og:*`, `product:*`): title, image
 *   (og:image, og:image:secure_url, og:image:url), description, url,
 *   site name, brand (product:brand, og:brand), gender (product:gender,
 *   product:target_gender), category (product:category), colour
 *   (product:color, og:color, product:colour), and the price: a
 *   sale price (product:sale_price:amount) beats product:price:amount,
 *   which beats og:price:amount; each with its own currency;
 * - Twitter cards: title, image (twitter:image, twitter:image:src),
 *   description, and a price from the labelled data pairs
 *   (twitter:label1 "Price" with twitter:data1 "$59.99");
 * - the document: `<link rel="canonical">`, `<base href>`, the first h1,
 *   `<title>`, meta description and application-name;
 * - the site's logo: the alt text of the first image marked as a logo (its
 *   class, id or src holds "logo") that sits in the page header or in a
 *   link to the home page ("Kestrel Studio logo" → "Kestrel Studio").
 * Meta keys are read from `property` or `name`, without case; the first
 * non-blank value of a key wins.
 */

export interface PageMeta {
  opengraph: ProductFacts;
  twitter: ProductFacts;
  /** h1, then title; meta description. */
  document: ProductFacts;
  canonical: string | null;
  ogUrl: string | null;
  baseHref: string | null;
  siteName: string | null;
  applicationName: string | null;
  /** The logo's alt text, without the word "logo". */
  logoAlt: string | null;
  ogTitle: string | null;
  twitterTitle: string | null;
  h1: string | null;
  title: string | null;
}

const PRODUCT_OG_TYPES = new Set(['product', 'product.item', 'product.group', 'og:product', 'og.product']);

export function readPageMeta(doc: HtmlDocument): PageMeta {
  const meta = new Map<string, string>();
  let canonical: string | null = null;
  let baseHref: string | null = null;
  let h1: string | null = null;
  let title: string | null = null;
  let logoAlt: string | null = null;
  for (const element of doc.elements) {
    switch (element.name) {
      case 'img':
        if (logoAlt === null) logoAlt = logoText(element);
        break;
      case 'meta': {
        const key = (element.attrs['property'] ?? element.attrs['name'] ?? '').trim().toLowerCase();
        const content = element.attrs['content'];
        if (key !== '' && key.length <= 100 && content !== undefined && content.trim() !== '' && !meta.has(key)) meta.set(key, content);
        break;
      }
      case 'link': {
        const rel = (element.attrs['rel'] ?? '').toLowerCase().split(/\s+/);
        const href = element.attrs['href'];
        if (canonical === null && rel.includes('canonical') && href && href.trim() !== '') canonical = href;
        break;
      }
      case 'base':
        if (baseHref === null && element.attrs['href']) baseHref = element.attrs['href'];
        break;
      case 'h1':
        if (h1 === null) h1 = textOf(element, 1000) || null;
        break;
      case 'title':
        if (title === null) title = textOf(element, 1000) || null;
        break;
    }
  }
  const get = (key: string): string | null => meta.get(key) ?? null;

  const opengraph = emptyFacts('opengraph');
  opengraph.name = get('og:title');
  opengraph.image = get('og:image:secure_url') ?? get('og:image') ?? get('og:image:url');
  opengraph.description = get('og:description');
  opengraph.brand = get('product:brand') ?? get('og:brand');
  opengraph.gender = get('product:gender') ?? get('product:target_gender') ?? get('og:gender');
  const category = get('product:category') ?? get('og:category');
  if (category) opengraph.categories = [category];
  const colour = get('product:color') ?? get('og:color') ?? get('product:colour');
  if (colour) opengraph.colours = [colour];
  const priced = [
    ['product:sale_price:amount', 'product:sale_price:currency'],
    ['product:price:amount', 'product:price:currency'],
    ['og:price:amount', 'og:price:currency'],
  ] as const;
  for (const [amountKey, currencyKey] of priced) {
    const amount = readAmount(get(amountKey));
    if (!amount) continue;
    opengraph.offer = { amount: amount.amount, currency: currencyCode(get(currencyKey)) ?? amount.currency ?? currencyCode(get('product:price:currency')) ?? currencyCode(get('og:price:currency')) };
    break;
  }
  if (!opengraph.offer) opengraph.currency = currencyCode(get('product:price:currency')) ?? currencyCode(get('og:price:currency'));
  const ogType = (get('og:type') ?? '').trim().toLowerCase();
  opengraph.isProduct = PRODUCT_OG_TYPES.has(ogType) || opengraph.offer !== null || opengraph.brand !== null;

  const twitter = emptyFacts('twitter');
  twitter.name = get('twitter:title');
  twitter.image = get('twitter:image') ?? get('twitter:image:src');
  twitter.description = get('twitter:description');
  for (let n = 1; n <= 4 && !twitter.offer; n++) {
    if (!/price/i.test(get(`twitter:label${n}`) ?? '')) continue;
    const amount = readAmount(get(`twitter:data${n}`));
    if (amount) twitter.offer = amount;
  }
  twitter.isProduct = twitter.offer !== null;

  const page = emptyFacts('document');
  page.name = h1 ?? title;
  page.description = get('description');

  return {
    opengraph,
    twitter,
    document: page,
    canonical,
    ogUrl: get('og:url'),
    baseHref,
    siteName: get('og:site_name'),
    applicationName: get('application-name') ?? get('apple-mobile-web-app-title'),
    logoAlt,
    ogTitle: get('og:title'),
    twitterTitle: get('twitter:title'),
    h1,
    title,
  };
}

const LOGO = /logo/i;
const LOGO_WORD = /^\s*logo\s*(of\s+)?|\s*[-|:]?\s*\blogo\s*$/gi;

/** The alt text of a site logo: an image marked as a logo, in the header or a link home. */
function logoText(image: HtmlElement): string | null {
  const alt = image.attrs['alt'];
  if (!alt || alt.trim() === '' || alt.length > 100) return null;
  const marked = [image, image.parent].some((node) => node && (LOGO.test(node.attrs['class'] ?? '') || LOGO.test(node.attrs['id'] ?? ''))) || LOGO.test(image.attrs['src'] ?? '');
  if (!marked) return null;
  const placed = [...selfAndAncestors(image, 8)].some(
    (node) => node.name === 'header' || classes(node).some((name) => name.includes('header')) || (node.name === 'a' && /^(\/|https?:\/\/[^/]+\/?)$/.test((node.attrs['href'] ?? '').trim())),
  );
  if (!placed) return null;
  const text = alt.replace(LOGO_WORD, '').trim();
  return text === '' ? null : text;
}
