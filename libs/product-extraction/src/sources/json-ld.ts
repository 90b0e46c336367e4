import type { HtmlDocument } from '../html/parse-html';
import { inRelatedContainer, rawText } from '../html/query';
import { isObject, own, parseJsonValues } from '../lenient-json';
import { availability, chooseOffer, currencyCode, readAmount } from '../price';
import { emptyFacts, type Offer, type ProductCandidate, type Variant } from '../types';

/**
 * JSON-LD (`<script type="application/ld+json">`), the most trusted source:
 * - every script is read, tolerantly (`parseJsonValues`): top-level objects,
 *   arrays and `@graph`s, at any nesting; `{"@id": …}` references resolve to
 *   the node with that id anywhere on the page;
 * - products are nodes typed Product, ProductGroup, IndividualProduct,
 *   ProductModel or SomeProducts (`@type` as a string, an array or a URL);
 * - a ProductGroup is one product: its variants (`hasVariant`, or products
 *   pointing at it with `isVariantOf`) lend it what it lacks and give it
 *   their offers;
 * - a product is "related" (never the page's product unless its URL is the
 *   page's) when it is another product's `isRelatedTo`, `isSimilarTo`,
 *   accessory or consumable, an `itemListElement` of a list, or when its
 *   script sits in a related-items container ("You may also like");
 * - a product is the page's "main entity" when a WebPage/ItemPage names it
 *   in `mainEntity`;
 * - offers: an Offer, an array, or an AggregateOffer (its own offers when it
 *   lists them, else `lowPrice`, else `price`); a price as a number or text;
 *   `priceSpecification` (one or many): a ListPrice / StrikethroughPrice is
 *   the former price and never taken, a SalePrice beats `price`;
 * - brand as text, `{name}`, an array or a reference; `manufacturer` when
 *   there is no brand; image as text, an array or an ImageObject
 *   (`url` / `contentUrl`); gender from `audience.suggestedGender`,
 *   `gender` or `suggestedGender`; category as text, an array or `{name}`;
 * - colour: `color` as text, an array (a multi-colour item) or `{name}`; a
 *   ProductGroup's own, and each variant's with its URLs and sku, so the
 *   variant the page selects gives its colour (see `selectedVariant`);
 * - BreadcrumbList trails, items in `position` order;
 * - the site's own names: a top-level Organization (or store) and WebSite
 *   `name`, the Organization first; an Organization nested in a product (its
 *   brand, its seller) is not the site.
 */

const PRODUCT_TYPES = new Set(['product', 'productgroup', 'individualproduct', 'productmodel', 'someproducts']);
const PAGE_TYPES = new Set(['webpage', 'itempage', 'productpage', 'collectionpage']);
const RELATED_KEYS = new Set(['isrelatedto', 'issimilarto', 'isaccessoryorsparepartfor', 'isconsumablefor', 'itemlistelement', 'relatedlink']);
const LIST_PRICE_TYPES = new Set(['listprice', 'strikethroughprice', 'msrp', 'regularprice', 'originalprice', 'wasprice']);

/** Most JSON nodes visited on one page, most products and trails kept. */
const MAX_NODES = 20_000;
const MAX_PRODUCTS = 200;
const MAX_TRAILS = 5;

type Context = 'top' | 'main' | 'related' | 'nested' | 'variant';

interface FoundProduct {
  node: Record<string, unknown>;
  context: Context;
  order: number;
}

export interface JsonLdResult {
  candidates: ProductCandidate[];
  /** Breadcrumb trails, each a list of item names from the top down. */
  breadcrumbs: string[][];
  /** The names the page gives its site: top-level Organization names, then WebSite names. */
  siteNames: string[];
}

const ORGANISATION_TYPES = new Set(['organization', 'corporation', 'onlinestore', 'onlinebusiness', 'store', 'clothingstore', 'shoestore', 'localbusiness']);

export function readJsonLd(doc: HtmlDocument): JsonLdResult {
  const byId = new Map<string, Record<string, unknown>>();
  const products: FoundProduct[] = [];
  const variantsOf = new Map<Record<string, unknown>, Record<string, unknown>[]>();
  const trails: Record<string, unknown>[] = [];
  /** Ids a WebPage names as its mainEntity. */
  const mainIds = new Set<string>();
  const organisations: string[] = [];
  const websites: string[] = [];
  let visited = 0;

  for (const script of doc.elements) {
    if (script.name !== 'script' || !(script.attrs['type'] ?? '').trim().toLowerCase().startsWith('application/ld+json')) continue;
    const scriptContext: Context = inRelatedContainer(script) ? 'related' : 'top';
    const pending: Array<{ value: unknown; context: Context; group: Record<string, unknown> | null }> = parseJsonValues(rawText(script))
      .reverse()
      .map((value) => ({ value, context: scriptContext, group: null }));
    while (pending.length > 0 && visited < MAX_NODES) {
      const { value, context, group } = pending.pop() as (typeof pending)[number];
      visited++;
      if (Array.isArray(value)) {
        for (let k = value.length - 1; k >= 0; k--) pending.push({ value: value[k], context, group });
        continue;
      }
      if (!isObject(value)) continue;
      const id = own(value, '@id');
      if (typeof id === 'string' && Object.keys(value).length > 1 && !byId.has(id)) byId.set(id, value);
      const types = typesOf(value);
      const isProduct = types.some((type) => PRODUCT_TYPES.has(type));
      const isGroup = types.includes('productgroup');
      const isReference = Object.keys(value).every((key) => key === '@id' || key === '@type' || key === '@context');
      if (isProduct && !isReference) {
        if (context === 'variant' && group) variantsOf.set(group, [...(variantsOf.get(group) ?? []), value]);
        else if (products.length < MAX_PRODUCTS) products.push({ node: value, context, order: products.length });
      }
      if (context === 'top') {
        const name = text(own(value, 'name'));
        if (name && types.some((type) => ORGANISATION_TYPES.has(type))) organisations.push(name);
        else if (name && types.includes('website')) websites.push(name);
      }
      if (types.includes('breadcrumblist')) {
        if (context !== 'related') trails.push(value);
        continue;
      }
      const isPage = types.some((type) => PAGE_TYPES.has(type));
      if (isPage) {
        const main = own(value, 'mainEntity');
        const mainId = isObject(main) ? own(main, '@id') : undefined;
        if (typeof mainId === 'string') mainIds.add(mainId);
      }
      const children: Array<{ value: unknown; context: Context; group: Record<string, unknown> | null }> = [];
      for (const key of Object.keys(value)) {
        const lower = key.toLowerCase();
        if (lower === 'isvariantof' || lower === '@context') continue;
        const child = own(value, key);
        if (typeof child !== 'object' || child === null) continue;
        let childContext: Context;
        if (lower === '@graph') childContext = context;
        else if (lower === 'hasvariant' && isGroup) childContext = 'variant';
        else if (RELATED_KEYS.has(lower) || context === 'related') childContext = 'related';
        else if (lower === 'mainentity' && isPage) childContext = 'main';
        else childContext = 'nested';
        children.push({ value: child, context: childContext, group: childContext === 'variant' ? value : null });
      }
      for (let k = children.length - 1; k >= 0; k--) pending.push(children[k] as (typeof children)[number]);
    }
  }

  const resolve = (value: unknown): unknown => {
    if (!isObject(value)) return value;
    const id = own(value, '@id');
    if (typeof id !== 'string' || Object.keys(value).filter((key) => key !== '@type').length > 1) return value;
    return byId.get(id) ?? value;
  };

  // Products that name their group with isVariantOf join it.
  const groups = new Map<string, FoundProduct>();
  for (const found of products) {
    const id = own(found.node, '@id');
    if (typeof id === 'string' && typesOf(found.node).includes('productgroup')) groups.set(id, found);
  }
  const standalone = products.filter((found) => {
    const parent = resolve(own(found.node, 'isVariantOf'));
    const parentId = isObject(parent) ? own(parent, '@id') : typeof parent === 'string' ? parent : undefined;
    const group = typeof parentId === 'string' ? groups.get(parentId) : undefined;
    if (!group || group === found) return true;
    variantsOf.set(group.node, [...(variantsOf.get(group.node) ?? []), found.node]);
    return false;
  });
  const candidates = standalone.map((found) => toCandidate(found, variantsOf.get(found.node) ?? [], resolve, mainIds));
  const breadcrumbs = trails
    .map((trail) => trailNames(trail, resolve))
    .filter((names) => names.length > 0)
    .slice(0, MAX_TRAILS);
  return { candidates, breadcrumbs, siteNames: [...organisations, ...websites].slice(0, 10) };
}

function toCandidate(found: FoundProduct, variants: Record<string, unknown>[], resolve: (value: unknown) => unknown, mainIds: ReadonlySet<string>): ProductCandidate {
  const { node } = found;
  const family = [node, ...variants];
  const first = <T>(read: (member: Record<string, unknown>) => T | null): T | null => {
    for (const member of family) {
      const value = read(member);
      if (value !== null) return value;
    }
    return null;
  };
  const facts = emptyFacts('json-ld');
  facts.isProduct = true;
  facts.name = first((member) => text(resolve(own(member, 'name'))));
  facts.brand = first((member) => brandName(own(member, 'brand'), resolve) ?? brandName(own(member, 'manufacturer'), resolve));
  facts.image = first((member) => imageOf(own(member, 'image'), resolve));
  facts.description = first((member) => text(resolve(own(member, 'description'))));
  facts.gender = first((member) => genderOf(member, resolve));
  facts.categories = [...new Set(family.flatMap((member) => categoriesOf(own(member, 'category'), resolve)))].slice(0, 10);
  // The node's own colour only: a group's variants each have theirs, and the first one's is not the page's.
  facts.colours = coloursOf(own(node, 'color'), resolve);

  const offers: Offer[] = offersOf(own(node, 'offers'), resolve, 0, text(own(node, 'url')));
  const variantOffers: Offer[] = [];
  const coloured: Variant[] = [];
  for (const variant of variants) {
    const variantUrl = text(own(variant, 'url')) ?? (typeof own(variant, '@id') === 'string' ? (own(variant, '@id') as string) : null);
    const ownOffers = offersOf(own(variant, 'offers'), resolve, 0, variantUrl);
    variantOffers.push(...ownOffers);
    const colours = coloursOf(own(variant, 'color'), resolve);
    if (colours.length > 0 && coloured.length < 250) {
      const variantId = own(variant, '@id');
      const urls = [text(own(variant, 'url')), typeof variantId === 'string' ? variantId : null, ...ownOffers.map((o) => o.url)];
      coloured.push({ colours, urls: [...new Set(urls.filter((url): url is string => typeof url === 'string' && url !== ''))].slice(0, 10), sku: text(own(variant, 'sku')) });
    }
  }
  const offer = chooseOffer(offers.length > 0 ? offers : variantOffers);
  facts.offer = offer ? { amount: offer.amount, currency: offer.currency } : null;
  if (!facts.offer) facts.currency = first((member) => currencyCode(own(resolve(own(member, 'offers')), 'priceCurrency')));

  const id = own(node, '@id');
  const urls = [text(own(node, 'url')), typeof id === 'string' ? id : null, ...offers.map((o) => o.url), ...variantOffers.map((o) => o.url)];
  return {
    facts,
    urls: [...new Set(urls.filter((url): url is string => typeof url === 'string' && url !== ''))].slice(0, 50),
    related: found.context === 'related',
    mainEntity: found.context === 'main' || (typeof id === 'string' && mainIds.has(id)),
    offers: [...offers, ...variantOffers],
    variants: coloured,
  };
}

/** Colour names as written: text, numbers (dropped later), `{name}` / `{@value}`, or an array of them. */
function coloursOf(value: unknown, resolve: (value: unknown) => unknown): string[] {
  const colour = resolve(value);
  const list = Array.isArray(colour) ? colour.slice(0, 20) : [colour];
  const names: string[] = [];
  for (const item of list) {
    const resolved = resolve(item);
    const name = isObject(resolved) ? (text(own(resolved, 'name')) ?? text(own(resolved, '@value'))) : text(resolved);
    if (name !== null) names.push(name);
  }
  return names;
}

/** `@type` values as lower-case local names ("http://schema.org/Product" → "product"). */
function typesOf(node: Record<string, unknown>): string[] {
  const type = own(node, '@type');
  const list = Array.isArray(type) ? type : [type];
  return list.filter((t): t is string => typeof t === 'string').map((t) => (t.split(/[/#:]/).pop() ?? '').trim().toLowerCase());
}

/** A text value: a string, a number, `{"@value": …}` or the first of an array. */
export function text(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (depth > 3) return null;
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 10)) {
      const found = text(item, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  return isObject(value) ? text(own(value, '@value'), depth + 1) : null;
}

function brandName(value: unknown, resolve: (value: unknown) => unknown, depth = 0): string | null {
  const brand = resolve(value);
  if (typeof brand === 'string') return brand.trim() === '' ? null : brand;
  if (depth > 3) return null;
  if (Array.isArray(brand)) {
    for (const item of brand.slice(0, 10)) {
      const found = brandName(item, resolve, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (!isObject(brand)) return null;
  return text(own(brand, 'name')) ?? text(own(brand, 'legalName')) ?? text(own(brand, '@value'));
}

function imageOf(value: unknown, resolve: (value: unknown) => unknown, depth = 0): string | null {
  const image = resolve(value);
  if (typeof image === 'string') return image.trim() === '' ? null : image;
  if (depth > 3) return null;
  if (Array.isArray(image)) {
    for (const item of image.slice(0, 20)) {
      const found = imageOf(item, resolve, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (!isObject(image)) return null;
  return text(own(image, 'url')) ?? text(own(image, 'contentUrl')) ?? text(own(image, 'contentURL'));
}

function genderOf(node: Record<string, unknown>, resolve: (value: unknown) => unknown): string | null {
  const audiences = resolve(own(node, 'audience'));
  for (const audience of Array.isArray(audiences) ? audiences.slice(0, 5) : [audiences]) {
    const item = resolve(audience);
    if (!isObject(item)) continue;
    const stated = text(own(item, 'suggestedGender')) ?? text(own(item, 'gender')) ?? text(own(item, 'audienceType'));
    if (stated !== null) return stated;
  }
  return text(own(node, 'gender')) ?? text(own(node, 'suggestedGender'));
}

function categoriesOf(value: unknown, resolve: (value: unknown) => unknown): string[] {
  const category = resolve(value);
  const list = Array.isArray(category) ? category.slice(0, 10) : [category];
  const names: string[] = [];
  for (const item of list) {
    const resolved = resolve(item);
    const name = typeof resolved === 'string' ? resolved : isObject(resolved) ? text(own(resolved, 'name')) ?? text(own(resolved, '@value')) : null;
    if (name !== null && name.trim() !== '') names.push(name);
  }
  return names;
}

function offersOf(value: unknown, resolve: (value: unknown) => unknown, depth: number, fallbackUrl: string | null): Offer[] {
  const offers = resolve(value);
  if (depth > 3) return [];
  if (Array.isArray(offers)) return offers.slice(0, 200).flatMap((offer) => offersOf(offer, resolve, depth + 1, fallbackUrl));
  if (!isObject(offers)) return [];
  const types = typesOf(offers);
  const url = text(own(offers, 'url')) ?? fallbackUrl;
  const currency = currencyCode(own(offers, 'priceCurrency'));
  const available = availability(text(own(offers, 'availability')));
  if (types.includes('aggregateoffer')) {
    const listed = offersOf(own(offers, 'offers'), resolve, depth + 1, url);
    if (listed.length > 0) return listed;
    const amount = readAmount(own(offers, 'lowPrice')) ?? readAmount(own(offers, 'price')) ?? readAmount(own(offers, 'highPrice'));
    return amount ? [{ amount: amount.amount, currency: currency ?? amount.currency, available, url }] : [];
  }
  const specs = resolve(own(offers, 'priceSpecification'));
  const specList = (Array.isArray(specs) ? specs.slice(0, 20) : [specs]).map(resolve).filter(isObject);
  const priceType = (spec: Record<string, unknown>) => (text(own(spec, 'priceType'))?.split(/[/#:]/).pop() ?? '').trim().toLowerCase();
  const sale = specList.find((spec) => priceType(spec) === 'saleprice' && readAmount(own(spec, 'price')) !== null);
  const plain = specList.find((spec) => !LIST_PRICE_TYPES.has(priceType(spec)) && readAmount(own(spec, 'price')) !== null);
  const direct = readAmount(own(offers, 'price'));
  const spec = sale ?? (direct ? undefined : plain);
  const amount = spec ? readAmount(own(spec, 'price')) : direct;
  if (!amount) return [];
  const specCurrency = spec ? currencyCode(own(spec, 'priceCurrency')) : null;
  return [{ amount: amount.amount, currency: specCurrency ?? currency ?? amount.currency ?? firstSpecCurrency(specList), available, url }];
}

function firstSpecCurrency(specs: Record<string, unknown>[]): string | null {
  for (const spec of specs) {
    const code = currencyCode(own(spec, 'priceCurrency'));
    if (code) return code;
  }
  return null;
}

function trailNames(trail: Record<string, unknown>, resolve: (value: unknown) => unknown): string[] {
  const items = resolve(own(trail, 'itemListElement'));
  const list = (Array.isArray(items) ? items.slice(0, 30) : [items]).map(resolve).filter(isObject);
  const named = list
    .map((item, order) => {
      const inner = resolve(own(item, 'item'));
      const name = text(own(item, 'name')) ?? (isObject(inner) ? text(own(inner, 'name')) : null);
      const position = Number(own(item, 'position'));
      return { name, position: Number.isFinite(position) ? position : order + 1, order };
    })
    .filter((item): item is { name: string; position: number; order: number } => item.name !== null);
  named.sort((a, b) => a.position - b.position || a.order - b.order);
  return named.map((item) => item.name);
}
