import type { HtmlDocument } from '../html/parse-html';
import { textOf } from '../html/query';
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
 *   `<title>`, meta description and application-name.
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
  for (const element of doc.elements) {
    switch (element.name) {
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
    ogTitle: get('og:title'),
    twitterTitle: get('twitter:title'),
    h1,
    title,
  };
}
