import type { HtmlDocument, HtmlElement } from '../html/parse-html';
import { inRelatedContainer, textOf } from '../html/query';
import { availability, chooseOffer, currencyCode, readAmount } from '../price';
import { emptyFacts, type Offer, type ProductCandidate, type Variant } from '../types';

/**
 * Microdata (`itemscope itemtype=".../Product"` with `itemprop`s), as
 * Magento, Salesforce Commerce Cloud's SiteGenesis, older WooCommerce
 * themes and many hand-made shops write it:
 * - a property belongs to the nearest enclosing `itemscope`; an element
 *   with both `itemprop` and `itemscope` is an item-valued property;
 *   `itemprop` may name several properties;
 * - a property's value: `content` when present (shops put it on spans too),
 *   else meta → content, img/audio/video/source/iframe/embed → src,
 *   a/link/area → href, object → data, data/meter → value, time → datetime,
 *   else the element's text. Images fall back to lazy-loading attributes
 *   (data-src, data-lazy-src, data-original, srcset) when src is no web link;
 * - name, brand (text, or a Brand/Organization item's name), manufacturer,
 *   image (or an ImageObject's url / contentUrl), description, url,
 *   category, gender / audience.suggestedGender, color (every one: a
 *   multi-colour item states several) and each `hasVariant` item's color
 *   with its url and sku, for the variant the page selects;
 * - offers: Offer items (price from `content` or text, priceCurrency,
 *   availability, url, priceSpecification with the same ListPrice rule as
 *   JSON-LD), AggregateOffer (its offers, else lowPrice), price and
 *   priceCurrency put straight on the product, and the offers of
 *   `hasVariant` items;
 * - a product item that is another item's property (other than mainEntity,
 *   about or itemOffered), or that sits in a related-items container, is
 *   related;
 * - BreadcrumbList items, in `position` order.
 */

const PRODUCT_TYPES = new Set(['product', 'productgroup', 'individualproduct', 'productmodel', 'someproducts']);
const LIST_PRICE_TYPES = new Set(['listprice', 'strikethroughprice', 'msrp', 'regularprice', 'originalprice', 'wasprice']);
const MAIN_PROPERTIES = new Set(['mainentity', 'about', 'itemoffered']);
const MAX_PRODUCTS = 200;

interface Property {
  names: string[];
  element: HtmlElement;
}

export interface MicrodataResult {
  candidates: ProductCandidate[];
  breadcrumbs: string[][];
}

export function readMicrodata(doc: HtmlDocument): MicrodataResult {
  const { elements } = doc;
  // The item each element's properties belong to: the nearest itemscope above it.
  const ownerOf: Array<HtmlElement | null> = new Array<HtmlElement | null>(elements.length).fill(null);
  const properties = new Map<HtmlElement, Property[]>();
  const scopes: HtmlElement[] = [];
  for (const element of elements) {
    const parent = element.parent;
    const owner = !parent || parent.index < 0 ? null : 'itemscope' in parent.attrs ? parent : (ownerOf[parent.index] ?? null);
    ownerOf[element.index] = owner;
    if ('itemscope' in element.attrs) scopes.push(element);
    const itemprop = element.attrs['itemprop'];
    if (itemprop && owner) {
      const names = itemprop.toLowerCase().split(/\s+/).filter(Boolean);
      const list = properties.get(owner) ?? [];
      if (list.length < 500) list.push({ names, element });
      properties.set(owner, list);
    }
  }
  const reader = new ItemReader(properties);

  const candidates: ProductCandidate[] = [];
  const breadcrumbs: string[][] = [];
  for (const scope of scopes) {
    const types = typesOf(scope);
    if (types.includes('breadcrumblist')) {
      const trail = reader.trail(scope);
      if (trail.length > 0 && breadcrumbs.length < 5) breadcrumbs.push(trail);
      continue;
    }
    if (!types.some((type) => PRODUCT_TYPES.has(type)) || candidates.length >= MAX_PRODUCTS) continue;
    const asProperty = (scope.attrs['itemprop'] ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const owner = ownerOf[scope.index] ?? null;
    if (owner && asProperty.includes('hasvariant')) continue; // read with its group
    const related = inRelatedContainer(scope) || (owner !== null && asProperty.length > 0 && !asProperty.some((name) => MAIN_PROPERTIES.has(name)));
    candidates.push(reader.product(scope, related, owner !== null && asProperty.includes('mainentity')));
  }
  return { candidates, breadcrumbs };
}

function typesOf(scope: HtmlElement): string[] {
  return (scope.attrs['itemtype'] ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((type) => (type.split(/[/#:]/).pop() ?? '').toLowerCase());
}

const URL_ATTRIBUTE: Readonly<Record<string, string>> = {
  meta: 'content', img: 'src', audio: 'src', video: 'src', source: 'src', iframe: 'src', embed: 'src', track: 'src',
  a: 'href', link: 'href', area: 'href', object: 'data', data: 'value', meter: 'value', time: 'datetime',
};
const LAZY_ATTRIBUTES = ['data-src', 'data-lazy-src', 'data-original', 'data-zoom-image', 'data-large_image'];

class ItemReader {
  constructor(private readonly properties: ReadonlyMap<HtmlElement, Property[]>) {}

  all(scope: HtmlElement, name: string): HtmlElement[] {
    return (this.properties.get(scope) ?? []).filter((property) => property.names.includes(name)).map((property) => property.element);
  }

  first(scope: HtmlElement, name: string): HtmlElement | null {
    return this.all(scope, name)[0] ?? null;
  }

  /** A property's text value (see the header). */
  value(element: HtmlElement): string | null {
    const content = element.attrs['content'];
    const attribute = URL_ATTRIBUTE[element.name];
    const raw = content ?? (attribute ? element.attrs[attribute] : undefined) ?? textOf(element, 10_000);
    return raw.trim() === '' ? null : raw;
  }

  /** A URL-valued property, with lazy-loading fallbacks when the value is no web link. */
  urlValue(element: HtmlElement): string | null {
    const value = this.value(element);
    if (value && !/^\s*data:/i.test(value)) return value;
    for (const name of LAZY_ATTRIBUTES) {
      const lazy = element.attrs[name];
      if (lazy && lazy.trim() !== '') return lazy;
    }
    const srcset = element.attrs['srcset'] ?? element.attrs['data-srcset'];
    const first = srcset?.trim().split(/\s+/)[0];
    return first && first !== '' ? first : value;
  }

  text(scope: HtmlElement, name: string): string | null {
    for (const element of this.all(scope, name).slice(0, 3)) {
      const value = 'itemscope' in element.attrs ? this.nameOf(element) : this.value(element);
      if (value !== null) return value;
    }
    return null;
  }

  /** An item's name, else its text. */
  nameOf(item: HtmlElement): string | null {
    const name = this.first(item, 'name');
    const text = name ? this.value(name) : textOf(item, 300);
    return text && text.trim() !== '' ? text : null;
  }

  image(scope: HtmlElement): string | null {
    for (const element of this.all(scope, 'image').slice(0, 5)) {
      if ('itemscope' in element.attrs) {
        const inner = this.first(element, 'url') ?? this.first(element, 'contenturl');
        const url = inner ? this.urlValue(inner) : null;
        if (url) return url;
        continue;
      }
      const url = this.urlValue(element);
      if (url) return url;
    }
    return null;
  }

  offers(scope: HtmlElement, depth = 0): Offer[] {
    const offers: Offer[] = [];
    if (depth > 3) return offers;
    for (const element of this.all(scope, 'offers').slice(0, 100)) {
      if (!('itemscope' in element.attrs)) {
        const amount = readAmount(this.value(element));
        if (amount) offers.push({ ...amount, available: null, url: null });
        continue;
      }
      offers.push(...this.offer(element, depth));
    }
    // Price and currency put straight on the product.
    const direct = readAmount(this.text(scope, 'price'));
    if (direct) offers.push({ amount: direct.amount, currency: currencyCode(this.text(scope, 'pricecurrency')) ?? direct.currency, available: null, url: null });
    return offers;
  }

  private offer(element: HtmlElement, depth: number): Offer[] {
    const types = typesOf(element);
    const currency = currencyCode(this.text(element, 'pricecurrency'));
    const availabilityElement = this.first(element, 'availability');
    const available = availability(availabilityElement ? this.urlValue(availabilityElement) : null);
    const urlElement = this.first(element, 'url');
    const url = urlElement ? this.urlValue(urlElement) : null;
    if (types.includes('aggregateoffer')) {
      const listed = this.offers(element, depth + 1);
      if (listed.length > 0) return listed;
      const amount = readAmount(this.text(element, 'lowprice')) ?? readAmount(this.text(element, 'highprice'));
      return amount ? [{ amount: amount.amount, currency: currency ?? amount.currency, available, url }] : [];
    }
    const specs = this.all(element, 'pricespecification').filter((spec) => 'itemscope' in spec.attrs);
    const priceType = (spec: HtmlElement) => {
      const typeElement = this.first(spec, 'pricetype');
      return ((typeElement ? this.urlValue(typeElement) : '') ?? '').split(/[/#:]/).pop()?.trim().toLowerCase() ?? '';
    };
    const sale = specs.find((spec) => priceType(spec) === 'saleprice' && readAmount(this.text(spec, 'price')) !== null);
    const plain = specs.find((spec) => !LIST_PRICE_TYPES.has(priceType(spec)) && readAmount(this.text(spec, 'price')) !== null);
    const direct = readAmount(this.text(element, 'price'));
    const spec = sale ?? (direct ? undefined : plain);
    const amount = spec ? readAmount(this.text(spec, 'price')) : direct;
    if (!amount) return [];
    const specCurrency = spec ? currencyCode(this.text(spec, 'pricecurrency')) : null;
    return [{ amount: amount.amount, currency: specCurrency ?? currency ?? amount.currency, available, url }];
  }

  gender(scope: HtmlElement): string | null {
    for (const audience of this.all(scope, 'audience').slice(0, 3)) {
      if (!('itemscope' in audience.attrs)) continue;
      const stated = this.text(audience, 'suggestedgender') ?? this.text(audience, 'gender') ?? this.text(audience, 'audiencetype');
      if (stated) return stated;
    }
    return this.text(scope, 'gender') ?? this.text(scope, 'suggestedgender');
  }

  product(scope: HtmlElement, related: boolean, mainEntity: boolean): ProductCandidate {
    const variants = this.all(scope, 'hasvariant').filter((variant) => 'itemscope' in variant.attrs).slice(0, 100);
    const facts = emptyFacts('microdata');
    facts.isProduct = true;
    facts.name = this.text(scope, 'name') ?? firstOf(variants, (variant) => this.text(variant, 'name'));
    facts.brand = this.text(scope, 'brand') ?? this.text(scope, 'manufacturer') ?? firstOf(variants, (variant) => this.text(variant, 'brand'));
    facts.image = this.image(scope) ?? firstOf(variants, (variant) => this.image(variant));
    facts.description = this.text(scope, 'description');
    facts.gender = this.gender(scope);
    facts.colours = this.colours(scope);
    facts.categories = this.all(scope, 'category')
      .slice(0, 5)
      .map((element) => ('itemscope' in element.attrs ? this.nameOf(element) : this.value(element)))
      .filter((category): category is string => category !== null);
    const offers = this.offers(scope);
    const variantOffers = variants.flatMap((variant) => {
      const urlElement = this.first(variant, 'url');
      const variantUrl = urlElement ? this.urlValue(urlElement) : null;
      return this.offers(variant).map((offer) => ({ ...offer, url: offer.url ?? variantUrl }));
    });
    const offer = chooseOffer(offers.length > 0 ? offers : variantOffers);
    facts.offer = offer ? { amount: offer.amount, currency: offer.currency } : null;
    const coloured: Variant[] = variants.flatMap((variant) => {
      const colours = this.colours(variant);
      if (colours.length === 0) return [];
      const variantUrl = this.first(variant, 'url');
      const urls = [variantUrl ? this.urlValue(variantUrl) : null, variant.attrs['itemid'] ?? null, ...this.offers(variant).map((o) => o.url)];
      return [{ colours, urls: urls.filter((url): url is string => typeof url === 'string' && url !== ''), sku: this.text(variant, 'sku') }];
    });
    const urlElement = this.first(scope, 'url');
    const urls = [urlElement ? this.urlValue(urlElement) : null, scope.attrs['itemid'] ?? null, ...offers.map((o) => o.url), ...variantOffers.map((o) => o.url)];
    return {
      facts,
      urls: [...new Set(urls.filter((url): url is string => typeof url === 'string' && url !== ''))].slice(0, 50),
      related,
      mainEntity,
      offers: [...offers, ...variantOffers],
      variants: coloured,
    };
  }

  /** Every `color` property of the item, as written. */
  colours(scope: HtmlElement): string[] {
    return this.all(scope, 'color')
      .slice(0, 10)
      .map((element) => ('itemscope' in element.attrs ? this.nameOf(element) : this.value(element)))
      .filter((colour): colour is string => colour !== null);
  }

  trail(list: HtmlElement): string[] {
    const items = this.all(list, 'itemlistelement')
      .slice(0, 30)
      .map((item, order) => {
        if (!('itemscope' in item.attrs)) return { name: this.value(item), position: order + 1, order };
        const inner = this.first(item, 'item');
        const name = this.text(item, 'name') ?? (inner && 'itemscope' in inner.attrs ? this.nameOf(inner) : inner ? textOf(inner, 200) : null);
        const position = Number(this.text(item, 'position'));
        return { name, position: Number.isFinite(position) ? position : order + 1, order };
      })
      .filter((item): item is { name: string; position: number; order: number } => item.name !== null && item.name.trim() !== '');
    items.sort((a, b) => a.position - b.position || a.order - b.order);
    return items.map((item) => item.name);
  }
}

function firstOf<T>(items: readonly HtmlElement[], read: (item: HtmlElement) => T | null): T | null {
  for (const item of items) {
    const value = read(item);
    if (value !== null) return value;
  }
  return null;
}
