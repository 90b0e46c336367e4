import { isMarketplaceName, supportedRetailerForHost } from '@closetly/catalogue-rules';
import { categoryOf, genderOf, type Evidence } from './classify';
import { colourOf } from './colour';
import { parseHtml, type HtmlDocument } from './html/parse-html';
import { pickMainProduct, selectedVariant, selectedVariantOffer, type PageHints, type Picked } from './main-product';
import { readBreadcrumbMarkup } from './sources/breadcrumbs';
import { readJsonLd } from './sources/json-ld';
import { readMarketplaceRules } from './sources/marketplaces';
import { readMicrodata } from './sources/microdata';
import { readPageMeta } from './sources/page-meta';
import { readRetailerRules } from './sources/retailers';
import { siteBrand } from './site-identity';
import { cleanText, MAX_BRAND, MAX_DESCRIPTION, MAX_NAME, namesAgree, stripSiteName } from './text';
import type { ExtractedProduct, ProductCandidate, ProductFacts } from './types';
import { imageUrl, productSourceUrl, resolveUrl, siteLabel } from './urls';

/**
 * The product a page shows, from its HTML and address. Pure and isomorphic:
 * no DOM, no network, no clock; the same in Node and in a content script,
 * which reads the live page instead (`extractProductFromDocument` below).
 * Never throws; linear in the page.
 *
 * Every source is read; each field comes from the most trusted source that
 * has it: JSON-LD, microdata, OpenGraph / product meta, Twitter cards,
 * platform rules (Shopify, Salesforce Commerce Cloud), then the document
 * itself (h1 or title for the name, meta description). Within JSON-LD,
 * microdata and platform rules the page's own product is chosen first
 * (`pickMainProduct`); a structured source whose product disagrees by name
 * with the most reliably chosen one (by URL, main entity or title, else the
 * most trusted) describes another product and is left out.
 *
 * - name: entities decoded, tags stripped, whitespace collapsed, the shop's
 *   name cut from either end when it is the site name, application name,
 *   brand, supported retailer or the host's name ("Dayzy | Shop" →
 *   "Dayzy"), at most 300 characters;
 * - brand: at most 200 characters; a single-brand supported retailer's brand
 *   when the page names none (a zara.com page is Zara);
 * - price and currency: the chosen source's current price; a variant the
 *   page URL selects gives its own price; the currency of the same source,
 *   else the first stated one; no currency without a price;
 * - imageUrl: the first source whose image resolves (against `<base href>`
 *   or the page) to an http(s) URL;
 * - description: plain text, at most 5,000 characters;
 * - colour: the first source (in the order above) that states one; for a
 *   structured product, the variant the page selects (by URL or sku) over
 *   the product's own colour, and a product with no colour of its own whose
 *   variants all state the same one has that; see `colourOf` for what
 *   counts as a colour;
 * - sourceUrl: see `productSourceUrl`;
 * - category and gender: see `classify.ts`; only for pages that show a
 *   product (a structured product, product meta or a price);
 * - confidence: see `confidenceOf`.
 */
export function extractProduct(html: string, pageUrl: string): ExtractedProduct {
  let doc: HtmlDocument;
  try {
    doc = parseHtml(typeof html === 'string' ? html : '');
  } catch {
    return nothingFound(pageUrl);
  }
  return extractProductFromDocument(doc, pageUrl);
}

/**
 * `extractProduct` on a page already read into a tree: by `parseHtml`, or
 * from the live page by `documentFromDom(document)` (the extension, which
 * has the rendered page and need not serialise and re-parse it).
 */
export function extractProductFromDocument(doc: HtmlDocument, pageUrl: string): ExtractedProduct {
  try {
    return extract(doc, typeof pageUrl === 'string' ? pageUrl : '');
  } catch {
    return nothingFound(pageUrl);
  }
}

function nothingFound(pageUrl: unknown): ExtractedProduct {
  let sourceUrl = '#';
  try {
    sourceUrl = productSourceUrl(typeof pageUrl === 'string' ? pageUrl : '', [], null);
  } catch {
    // '#'
  }
  return { name: null, brand: null, price: null, currency: null, imageUrl: null, description: null, sourceUrl, colour: null, confidence: 0 };
}

interface Source {
  facts: ProductFacts;
  picked: Picked | null;
}

function extract(doc: HtmlDocument, pageUrl: string): ExtractedProduct {
  const meta = readPageMeta(doc);
  const jsonLd = readJsonLd(doc);
  const microdata = readMicrodata(doc);
  const marketplace = readMarketplaceRules(doc);
  const retailers = [...readRetailerRules(doc), ...marketplace];

  const pageRaw = resolveUrl(pageUrl, null);
  const page = pageRaw && (pageRaw.protocol === 'http:' || pageRaw.protocol === 'https:') ? pageRaw : null;
  const base = resolveUrl(meta.baseHref, page?.href ?? null)?.href ?? page?.href ?? null;
  const sourceUrl = productSourceUrl(pageUrl, [meta.canonical, meta.ogUrl], base);

  const hintUrls = [page, resolveUrl(sourceUrl, null), resolveUrl(meta.canonical, base), resolveUrl(meta.ogUrl, base)].filter((url): url is URL => url !== null);
  const hints: PageHints = {
    urls: hintUrls,
    titles: [meta.ogTitle, meta.twitterTitle, meta.h1].map((title) => cleanText(title, 1000)).filter((title): title is string => title !== null),
    base,
  };

  const structured: Source[] = [
    pickedSource(pickMainProduct(jsonLd.candidates, hints), page, base),
    pickedSource(pickMainProduct(microdata.candidates, hints), page, base),
    pickedSource(pickMainProduct(retailers, hints), page, base),
  ].filter((source): source is Source => source !== null);
  const agreeing = consistent(structured);
  const [jsonLdSource, microdataSource, retailerSource] = (['json-ld', 'microdata', 'retailer'] as const).map(
    (name) => agreeing.find((source) => source.facts.source === name)?.facts ?? null,
  );
  // Most trusted first.
  const sources = [jsonLdSource, microdataSource, meta.opengraph, meta.twitter, retailerSource, meta.document].filter(
    (facts): facts is ProductFacts => facts !== null,
  );

  // Brand first: the name loses the brand as a tail.
  const host = page ?? resolveUrl(sourceUrl, null);
  const retailer = supportedRetailerForHost(host?.hostname ?? null);
  const looksLikeProduct = structured.length > 0 || sources.some((facts) => facts.isProduct) || sources.some((facts) => facts.offer !== null);
  const brand =
    firstOf(sources, productBrand) ??
    retailer?.brands?.[0] ??
    (looksLikeProduct
      ? siteBrand({
          siteName: meta.siteName,
          organisationNames: jsonLd.siteNames,
          logoAlt: meta.logoAlt,
          titles: [meta.title, meta.ogTitle],
          host,
          marketplaceMarkup: marketplace.length > 0,
        })
      : null);

  const siteNames = [meta.siteName, meta.applicationName, brand, retailer?.name ?? null, ...(retailer?.brands ?? []), siteLabel(host), host?.hostname.replace(/^www\d*\./, '') ?? null]
    .map((name) => cleanText(name, 200))
    .filter((name): name is string => name !== null);
  const nameOf = (facts: ProductFacts): string | null => {
    const cleaned = cleanText(facts.name, 2000);
    return cleaned === null ? null : cleanText(stripSiteName(cleaned, siteNames), MAX_NAME);
  };
  const name = firstOf(sources, nameOf);
  const description = firstOf(sources, (facts) => cleanText(facts.description, MAX_DESCRIPTION));
  const image = firstOf(sources, (facts) => imageUrl(facts.image, base));
  const colour = firstOf(sources, (facts) => colourOf(facts.colours));

  const priced = sources.find((facts) => facts.offer !== null) ?? null;
  const price = priced?.offer?.amount ?? null;
  const currency = price === null ? null : (priced?.offer?.currency ?? firstOf(sources, (facts) => facts.offer?.currency ?? facts.currency));

  const result: ExtractedProduct = {
    name,
    brand,
    price: price === null ? null : roundCents(price),
    currency,
    imageUrl: image,
    description,
    sourceUrl,
    colour,
    confidence: 0,
  };

  if (looksLikeProduct) {
    const evidence = evidenceOf({ name, description, sources, meta, jsonLd: jsonLd.breadcrumbs, microdata: microdata.breadcrumbs, markup: readBreadcrumbMarkup(doc), page, sourceUrl });
    const category = categoryOf(evidence);
    const gender = genderOf(evidence);
    if (gender) result.gender = gender;
    if (category) result.category = category;
  }
  result.confidence = confidenceOf({ result, sources, structured: agreeing, looksLikeProduct, nameOf, base });
  return result;
}

function pickedSource(picked: Picked | null, page: URL | null, base: string | null): Source | null {
  if (!picked) return null;
  const { candidate } = picked;
  const selected = selectedVariantOffer(candidate, page, base);
  const facts = selected ? { ...candidate.facts, offer: { amount: selected.amount, currency: selected.currency } } : candidate.facts;
  return { facts: { ...facts, colours: pageColours(candidate, page, base) }, picked };
}

/**
 * The colours of what the page shows: the selected variant's, else the
 * product's own, else the one colour every variant states (a product sold
 * in one colour); variants of several colours with none selected say nothing.
 */
function pageColours(candidate: ProductCandidate, page: URL | null, base: string | null): string[] {
  const variant = selectedVariant(candidate, page, base);
  const variantColour = variant ? colourOf(variant.colours) : null;
  if (variantColour !== null) return [variantColour];
  if (colourOf(candidate.facts.colours) !== null) return candidate.facts.colours;
  const [first, ...others] = (candidate.variants ?? []).map((each) => colourOf(each.colours));
  if (first === undefined || first === null) return [];
  return others.every((colour) => colour?.toLowerCase() === first.toLowerCase()) ? [first] : [];
}

/**
 * The structured sources that describe one product: the anchor is the most
 * trusted source chosen by URL, main entity or title (else the most trusted
 * one); another whose name disagrees with the anchor's is left out.
 */
function consistent(structured: Source[]): Source[] {
  const anchor = structured.find((source) => source.picked && ['url', 'main-entity', 'title'].includes(source.picked.by)) ?? structured[0];
  if (!anchor) return [];
  const anchorName = cleanText(anchor.facts.name, 2000);
  return structured.filter((source) => {
    if (source === anchor || anchorName === null) return true;
    const name = cleanText(source.facts.name, 2000);
    return name === null || namesAgree(name, anchorName);
  });
}

/** The brand a source states, unless it is the marketplace's own name ("Amazon.com" is where it is sold, not who made it). */
function productBrand(facts: ProductFacts): string | null {
  const brand = cleanText(facts.brand, MAX_BRAND);
  return brand === null || isMarketplaceName(brand) ? null : brand;
}

function firstOf<T>(sources: readonly ProductFacts[], read: (facts: ProductFacts) => T | null): T | null {
  for (const facts of sources) {
    const value = read(facts);
    if (value !== null && value !== undefined) return value;
  }
  return null;
}

const roundCents = (amount: number): number => Math.round(amount * 100) / 100;

function evidenceOf(input: {
  name: string | null;
  description: string | null;
  sources: readonly ProductFacts[];
  meta: ReturnType<typeof readPageMeta>;
  jsonLd: string[][];
  microdata: string[][];
  markup: string[][];
  page: URL | null;
  sourceUrl: string;
}): Evidence {
  const trails = input.jsonLd.length > 0 ? input.jsonLd : input.microdata.length > 0 ? input.microdata : input.markup;
  const trailPhrases = trails.map((trail) => {
    const items = trail.map((item) => cleanText(item, 100)).filter((item): item is string => item !== null);
    // The last crumb is often the product itself: its words are the name's, not a place in the shop.
    if (items.length > 1 && namesAgree(items[items.length - 1], input.name)) items.pop();
    return items.join(' > ');
  });
  const categories = input.sources.flatMap((facts) => facts.categories).map((category) => cleanText(category, 300));
  const stated = [...new Set([...categories.filter((category): category is string => category !== null), ...trailPhrases.filter((phrase) => phrase !== '')])];
  const paths = [input.page, resolveUrl(input.sourceUrl, null)]
    .filter((url): url is URL => url !== null)
    .map((url) => safeDecode(url.pathname))
    .filter((path) => path !== '/' && path !== '');
  return {
    name: input.name,
    description: input.description,
    genders: input.sources.map((facts) => facts.gender),
    stated,
    hinted: [...new Set(paths)],
  };
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * 0..1, rounded to hundredths:
 * - found fields: name 0.3, price 0.25, image 0.15, brand 0.1, currency
 *   0.05, description 0.05 (at most 0.9);
 * - times how surely the page is a product page: 1 with a structured
 *   product (JSON-LD, microdata, platform rule), 0.85 with product meta
 *   only (og:type product, a product price, a Twitter price), 0.5 otherwise
 *   (a blog post or home page read through its title and og tags);
 * - plus agreement: +0.04 when two sources give the same name, +0.04 the
 *   same price, +0.02 the same image;
 * - minus 0.05 when sources state different prices, 0.1 when a source held
 *   several products and none could be told apart as the page's own.
 */
function confidenceOf(input: {
  result: ExtractedProduct;
  sources: readonly ProductFacts[];
  structured: readonly Source[];
  looksLikeProduct: boolean;
  nameOf: (facts: ProductFacts) => string | null;
  base: string | null;
}): number {
  const { result, sources } = input;
  let score =
    (result.name ? 0.3 : 0) +
    (result.price !== null ? 0.25 : 0) +
    (result.imageUrl ? 0.15 : 0) +
    (result.brand ? 0.1 : 0) +
    (result.currency ? 0.05 : 0) +
    (result.description ? 0.05 : 0);
  score *= input.structured.length > 0 ? 1 : input.looksLikeProduct && sources.some((facts) => facts.isProduct) ? 0.85 : 0.5;

  const names = sources.filter((facts) => facts.source !== 'document').map(input.nameOf);
  if (result.name && names.filter((name) => namesAgree(name, result.name)).length >= 2) score += 0.04;
  const prices = sources.map((facts) => facts.offer?.amount).filter((amount): amount is number => amount !== undefined);
  if (result.price !== null && prices.filter((amount) => Math.abs(amount - (result.price as number)) < 0.005).length >= 2) score += 0.04;
  if (prices.some((amount) => Math.abs(amount - (prices[0] as number)) >= 0.005)) score -= 0.05;
  const images = sources.map((facts) => imageUrl(facts.image, input.base)).filter((url): url is string => url !== null);
  if (result.imageUrl && images.filter((url) => url === result.imageUrl).length >= 2) score += 0.02;
  if (input.structured.some((source) => source.picked?.by === 'first')) score -= 0.1;
  return Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;
}
