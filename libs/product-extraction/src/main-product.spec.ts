import { pickMainProduct, selectedVariantOffer, type PageHints } from './main-product';
import { emptyFacts, type ProductCandidate } from './types';

const candidate = (name: string, extra: Partial<ProductCandidate> = {}): ProductCandidate => ({
  facts: { ...emptyFacts('json-ld'), name, isProduct: true },
  urls: [],
  related: false,
  mainEntity: false,
  ...extra,
});
const hints = (page: string, titles: string[] = [], more: string[] = []): PageHints => ({ urls: [page, ...more].map((url) => new URL(url)), titles, base: page });

describe('pickMainProduct', () => {
  it('takes the item whose URL is the page, however complete the others are', () => {
    const related = candidate('Related', { urls: ['https://shop.com/p/other'] });
    related.facts.description = 'Complete';
    const main = candidate('Main', { urls: ['/p/main#product'] });
    expect(pickMainProduct([related, main], hints('https://www.shop.com/p/main/?utm_source=x'))).toEqual({ candidate: main, by: 'url' });
  });

  it('matches the canonical URL, @id or an offer URL; the query breaks ties between shared paths', () => {
    const a = candidate('A', { urls: ['/product.php?id=1'] });
    const b = candidate('B', { urls: ['/product.php?id=2'] });
    expect(pickMainProduct([a, b], hints('https://shop.com/product.php?id=2'))?.candidate).toBe(b);
    const c = candidate('C', { urls: ['https://shop.com/products/c?variant=1'] });
    expect(pickMainProduct([candidate('X'), c], hints('https://shop.com/collections/all/products/c', [], ['https://shop.com/products/c']))?.candidate).toBe(c);
  });

  it('takes a related-marked item when its URL is the page', () => {
    const item = candidate('A', { urls: ['/p/a'], related: true });
    expect(pickMainProduct([candidate('B'), item], hints('https://shop.com/p/a'))).toEqual({ candidate: item, by: 'url' });
  });

  it('never matches a URL that is the home page', () => {
    expect(pickMainProduct([candidate('A', { urls: ['/'] }), candidate('B')], hints('https://shop.com/'))?.by).toBe('first');
  });

  it('then the main entity, then the item named by og:title or h1 (the longest name that agrees)', () => {
    const main = candidate('Main', { mainEntity: true });
    expect(pickMainProduct([candidate('Other'), main], hints('https://shop.com/p'))?.by).toBe('main-entity');
    const short = candidate('Dayzy');
    const long = candidate('Dayzy Platform');
    expect(pickMainProduct([candidate('Zoe'), short, long], hints('https://shop.com/p', ['Dayzy Platform | Shop']))).toEqual({ candidate: long, by: 'title' });
  });

  it('then the only, else the first item not marked related; null when all are related', () => {
    const a = candidate('A', { related: true });
    const b = candidate('B');
    expect(pickMainProduct([a, b], hints('https://shop.com/p'))).toEqual({ candidate: b, by: 'only' });
    expect(pickMainProduct([a, b, candidate('C', { related: true })], hints('https://shop.com/p'))).toEqual({ candidate: b, by: 'only' });
    expect(pickMainProduct([b, candidate('C')], hints('https://shop.com/p'))).toEqual({ candidate: b, by: 'first' });
    expect(pickMainProduct([a], hints('https://shop.com/p'))).toBeNull();
    expect(pickMainProduct([], hints('https://shop.com/p'))).toBeNull();
  });

  it('reads three or more products the page names none of as a listing: no product', () => {
    const cards = [candidate('Alpha Tee'), candidate('Bravo Tee'), candidate('Charlie Tee')];
    expect(pickMainProduct(cards, hints('https://shop.com/'))).toBeNull();
    expect(pickMainProduct(cards, hints('https://shop.com/', ['Bravo Tee | Shop']))?.candidate).toBe(cards[1]);
  });
});

describe('selectedVariantOffer', () => {
  const offers = [
    { amount: 50, currency: 'EUR', available: true, url: '/products/dayzy?variant=1' },
    { amount: 60, currency: 'EUR', available: true, url: '/products/dayzy?variant=2' },
  ];
  const item = candidate('Dayzy', { offers });

  it('is the offer of the variant the page URL selects, under a collection path too', () => {
    expect(selectedVariantOffer(item, new URL('https://shop.com/products/dayzy?variant=2'), 'https://shop.com/')?.amount).toBe(60);
    expect(selectedVariantOffer(item, new URL('https://shop.com/collections/women/products/dayzy?variant=2&utm_source=x'), 'https://shop.com/')?.amount).toBe(60);
  });

  it('is null when the page selects none', () => {
    expect(selectedVariantOffer(item, new URL('https://shop.com/products/dayzy'), 'https://shop.com/')).toBeNull();
    expect(selectedVariantOffer(item, new URL('https://shop.com/products/dayzy?variant=9'), 'https://shop.com/')).toBeNull();
    expect(selectedVariantOffer(item, new URL('https://shop.com/products/dayzy?utm_source=x'), 'https://shop.com/')).toBeNull();
    expect(selectedVariantOffer(candidate('A'), new URL('https://shop.com/p?variant=1'), null)).toBeNull();
    expect(selectedVariantOffer(item, null, null)).toBeNull();
  });
});
