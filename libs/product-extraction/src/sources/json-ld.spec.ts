import { parseHtml } from '../html/parse-html';
import type { ProductCandidate } from '../types';
import { readJsonLd } from './json-ld';

const ld = (...blocks: string[]) => blocks.map((block) => `<script type="application/ld+json">${block}</script>`).join('\n');
const read = (html: string) => readJsonLd(parseHtml(html));
const only = (html: string): ProductCandidate => {
  const { candidates } = read(html);
  expect(candidates).toHaveLength(1);
  return candidates[0] as ProductCandidate;
};
const product = (fields: Record<string, unknown>) => JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', ...fields });

describe('readJsonLd: finding products', () => {
  it('reads a top-level Product, with its fields', () => {
    const found = only(
      ld(product({ name: 'Dayzy', brand: 'Acme', image: 'https://cdn/a.jpg', description: 'Soft.', url: '/p/dayzy', offers: { '@type': 'Offer', price: 59.99, priceCurrency: 'USD' } })),
    );
    expect(found.facts).toMatchObject({ source: 'json-ld', name: 'Dayzy', brand: 'Acme', image: 'https://cdn/a.jpg', description: 'Soft.', offer: { amount: 59.99, currency: 'USD' }, isProduct: true });
    expect(found.urls).toEqual(['/p/dayzy']);
    expect(found.related).toBe(false);
  });

  it('reads products in @graph, top-level arrays, typed by URL or by an array of types', () => {
    expect(only(ld(JSON.stringify({ '@graph': [{ '@type': 'WebSite' }, { '@type': 'Product', name: 'A' }] }))).facts.name).toBe('A');
    expect(only(ld(JSON.stringify([{ '@type': 'Organization' }, { '@type': 'http://schema.org/Product', name: 'B' }]))).facts.name).toBe('B');
    expect(only(ld(JSON.stringify({ '@type': ['Product', 'Thing'], name: 'C' }))).facts.name).toBe('C');
    expect(only(ld(JSON.stringify({ '@type': 'IndividualProduct', name: 'D' }))).facts.name).toBe('D');
  });

  it('reads script types with parameters and in any case', () => {
    expect(read(`<script type="Application/LD+JSON; charset=utf-8">${product({ name: 'A' })}</script>`).candidates).toHaveLength(1);
    expect(read(`<script type="application/json">${product({ name: 'A' })}</script>`).candidates).toHaveLength(0);
  });

  it('reads broken JSON-LD: comments, trailing commas, CDATA, raw newlines, concatenated objects', () => {
    const broken = `//<![CDATA[
      { "@type": "Product", // main
        "name": "Dayzy",
        "description": "Line one
line two",
        "offers": { "price": "59.99", "priceCurrency": "USD", },
      }
      {"@type": "Organization", "name": "Shop"}
      //]]>`;
    const found = only(ld(broken));
    expect(found.facts.name).toBe('Dayzy');
    expect(found.facts.description).toBe('Line one\nline two');
    expect(found.facts.offer).toEqual({ amount: 59.99, currency: 'USD' });
  });

  it('skips scripts that hold no JSON at all', () => {
    expect(read(ld('<not json>', '', '{{{{')).candidates).toEqual([]);
  });

  it('ignores bare references to products', () => {
    expect(read(ld(JSON.stringify({ '@type': 'WebPage', mainEntity: { '@type': 'Product', '@id': '#p' } }))).candidates).toEqual([]);
  });
});

describe('readJsonLd: fields', () => {
  it.each<[unknown, string | null]>([
    ['Acme', 'Acme'],
    [{ '@type': 'Brand', name: 'Acme' }, 'Acme'],
    [[{ '@type': 'Brand', name: 'Acme' }, 'Other'], 'Acme'],
    [{ '@type': 'Organization', legalName: 'Acme Ltd' }, 'Acme Ltd'],
    [{ '@id': '#brand' }, 'Acme Ref'],
    ['', null],
  ])('brand %p → %p', (brand, expected) => {
    expect(only(ld(product({ name: 'A', brand }), JSON.stringify({ '@id': '#brand', '@type': 'Brand', name: 'Acme Ref' }))).facts.brand).toBe(expected);
  });

  it('takes the manufacturer when there is no brand', () => {
    expect(only(ld(product({ name: 'A', manufacturer: { name: 'Maker' } }))).facts.brand).toBe('Maker');
  });

  it.each<[unknown, string | null]>([
    ['/a.jpg', '/a.jpg'],
    [['', '/b.jpg', '/c.jpg'], '/b.jpg'],
    [{ '@type': 'ImageObject', url: '/d.jpg' }, '/d.jpg'],
    [{ '@type': 'ImageObject', contentUrl: '/e.jpg' }, '/e.jpg'],
    [[{ '@type': 'ImageObject', contentUrl: '/f.jpg' }], '/f.jpg'],
    [42, null],
    [{}, null],
  ])('image %p → %p', (image, expected) => {
    expect(only(ld(product({ name: 'A', image }))).facts.image).toBe(expected);
  });

  it('reads text values as strings, numbers, @value objects or arrays', () => {
    expect(only(ld(product({ name: { '@value': 'Tee', '@language': 'en' } }))).facts.name).toBe('Tee');
    expect(only(ld(product({ name: ['', 'Tee'] }))).facts.name).toBe('Tee');
  });

  it('reads gender from audience.suggestedGender, gender or suggestedGender', () => {
    expect(only(ld(product({ name: 'A', audience: { '@type': 'PeopleAudience', suggestedGender: 'female' } }))).facts.gender).toBe('female');
    expect(only(ld(product({ name: 'A', audience: [{ '@type': 'PeopleAudience', suggestedGender: 'https://schema.org/Male' }] }))).facts.gender).toBe('https://schema.org/Male');
    expect(only(ld(product({ name: 'A', gender: 'Women' }))).facts.gender).toBe('Women');
    expect(only(ld(product({ name: 'A' }))).facts.gender).toBeNull();
  });

  it('reads category as text, an array or named objects', () => {
    expect(only(ld(product({ name: 'A', category: 'Clothing > Women > Jackets' }))).facts.categories).toEqual(['Clothing > Women > Jackets']);
    expect(only(ld(product({ name: 'A', category: ['Women', { name: 'Jackets' }] }))).facts.categories).toEqual(['Women', 'Jackets']);
  });
});

describe('readJsonLd: prices', () => {
  const priceOf = (offers: unknown) => only(ld(product({ name: 'A', offers }))).facts.offer;

  it('reads an Offer object, price as number or text', () => {
    expect(priceOf({ '@type': 'Offer', price: 59.99, priceCurrency: 'USD' })).toEqual({ amount: 59.99, currency: 'USD' });
    expect(priceOf({ '@type': 'Offer', price: '1.299,00', priceCurrency: 'EUR' })).toEqual({ amount: 1299, currency: 'EUR' });
    expect(priceOf({ '@type': 'Offer', price: '$59.99' })).toEqual({ amount: 59.99, currency: 'USD' });
    expect(priceOf({ '@type': 'Offer', price: '59' })).toEqual({ amount: 59, currency: null });
  });

  it('takes the lowest offer in stock from an array', () => {
    expect(
      priceOf([
        { '@type': 'Offer', price: 49, priceCurrency: 'USD', availability: 'https://schema.org/OutOfStock' },
        { '@type': 'Offer', price: 79, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
        { '@type': 'Offer', price: 59, priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      ]),
    ).toEqual({ amount: 59, currency: 'USD' });
  });

  it('reads an AggregateOffer: its offers when listed, else lowPrice', () => {
    expect(priceOf({ '@type': 'AggregateOffer', lowPrice: '39.00', highPrice: '89.00', priceCurrency: 'GBP' })).toEqual({ amount: 39, currency: 'GBP' });
    expect(priceOf({ '@type': 'AggregateOffer', lowPrice: 10, priceCurrency: 'USD', offers: [{ '@type': 'Offer', price: 45, priceCurrency: 'USD' }] })).toEqual({ amount: 45, currency: 'USD' });
  });

  it('never takes a ListPrice or StrikethroughPrice specification, and lets a SalePrice beat price', () => {
    expect(
      priceOf({
        '@type': 'Offer',
        priceSpecification: [
          { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/ListPrice', price: 80, priceCurrency: 'USD' },
          { '@type': 'UnitPriceSpecification', price: 59.99, priceCurrency: 'USD' },
        ],
      }),
    ).toEqual({ amount: 59.99, currency: 'USD' });
    expect(
      priceOf({ '@type': 'Offer', priceSpecification: { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/StrikethroughPrice', price: 80 } }),
    ).toBeNull();
    expect(
      priceOf({ '@type': 'Offer', price: 80, priceCurrency: 'USD', priceSpecification: { priceType: 'SalePrice', price: 64 } }),
    ).toEqual({ amount: 64, currency: 'USD' });
    expect(
      priceOf({ '@type': 'Offer', price: 59, priceCurrency: 'USD', priceSpecification: { priceType: 'https://schema.org/ListPrice', price: 80 } }),
    ).toEqual({ amount: 59, currency: 'USD' });
  });

  it('reads offers by reference and keeps the currency when there is no price', () => {
    expect(only(ld(JSON.stringify({ '@graph': [{ '@type': 'Product', name: 'A', offers: { '@id': '#o' } }, { '@id': '#o', '@type': 'Offer', price: 12, priceCurrency: 'EUR' }] }))).facts.offer).toEqual({
      amount: 12,
      currency: 'EUR',
    });
    expect(only(ld(product({ name: 'A', offers: { '@type': 'Offer', priceCurrency: 'EUR' } }))).facts).toMatchObject({ offer: null, currency: 'EUR' });
  });

  it('keeps every offer with its URL, so the page URL can select one', () => {
    const found = only(ld(product({ name: 'A', offers: [{ price: 96, url: '/p?variant=1' }, { price: 120, url: '/p?variant=2' }] })));
    expect(found.offers?.map((offer) => [offer.amount, offer.url])).toEqual([
      [96, '/p?variant=1'],
      [120, '/p?variant=2'],
    ]);
  });

  it('lists offer URLs among the product URLs', () => {
    expect(only(ld(product({ name: 'A', '@id': 'https://s.com/p#product', offers: { price: 1, url: 'https://s.com/p?v=1' } }))).urls).toEqual([
      'https://s.com/p#product',
      'https://s.com/p?v=1',
    ]);
  });
});

describe('readJsonLd: groups, variants, related items, main entity', () => {
  const group = {
    '@type': 'ProductGroup',
    name: 'Dayzy',
    brand: { '@type': 'Brand', name: 'Acme' },
    productGroupID: 'D1',
    hasVariant: [
      { '@type': 'Product', name: 'Dayzy 38', image: '/38.jpg', offers: { '@type': 'Offer', price: 89, priceCurrency: 'EUR', url: '/p/dayzy?size=38', availability: 'https://schema.org/OutOfStock' } },
      { '@type': 'Product', name: 'Dayzy 39', offers: { '@type': 'Offer', price: 99, priceCurrency: 'EUR', url: '/p/dayzy?size=39', availability: 'https://schema.org/InStock' } },
    ],
  };

  it('makes a ProductGroup one product, priced from its variants, lent their image', () => {
    const found = only(ld(JSON.stringify(group)));
    expect(found.facts).toMatchObject({ name: 'Dayzy', brand: 'Acme', image: '/38.jpg', offer: { amount: 99, currency: 'EUR' } });
    expect(found.offers).toHaveLength(2);
    expect(found.urls).toEqual(['/p/dayzy?size=38', '/p/dayzy?size=39']);
  });

  it('joins products to their group through isVariantOf', () => {
    const found = only(
      ld(
        JSON.stringify({ '@type': 'ProductGroup', '@id': '#g', name: 'Dayzy' }),
        JSON.stringify({ '@type': 'Product', name: 'Dayzy 38', isVariantOf: { '@id': '#g' }, offers: { price: 89, priceCurrency: 'EUR' } }),
      ),
    );
    expect(found.facts).toMatchObject({ name: 'Dayzy', offer: { amount: 89, currency: 'EUR' } });
  });

  it('marks isRelatedTo, isSimilarTo and item lists as related, and scripts in related containers', () => {
    const { candidates } = read(
      ld(product({ name: 'Main', isRelatedTo: { '@type': 'Product', name: 'Rel' }, isSimilarTo: [{ '@type': 'Product', name: 'Sim' }] })) +
        ld(JSON.stringify({ '@type': 'ItemList', itemListElement: [{ '@type': 'ListItem', item: { '@type': 'Product', name: 'Listed' } }] })) +
        `<div class="related-products">${ld(product({ name: 'Carousel' }))}</div>`,
    );
    expect(candidates.map((c) => [c.facts.name, c.related])).toEqual([
      ['Main', false],
      ['Rel', true],
      ['Sim', true],
      ['Listed', true],
      ['Carousel', true],
    ]);
  });

  it('marks the mainEntity of a WebPage, inline or by reference', () => {
    expect(only(ld(JSON.stringify({ '@type': 'ItemPage', mainEntity: { '@type': 'Product', name: 'A' } }))).mainEntity).toBe(true);
    const { candidates } = read(ld(JSON.stringify({ '@graph': [{ '@type': 'WebPage', mainEntity: { '@id': '#p' } }, { '@type': 'Product', '@id': '#p', name: 'A' }, { '@type': 'Product', name: 'B' }] })));
    expect(candidates.map((c) => [c.facts.name, c.mainEntity])).toEqual([
      ['A', true],
      ['B', false],
    ]);
  });
});

describe('readJsonLd: breadcrumbs', () => {
  it('reads BreadcrumbList names in position order, from name or item.name', () => {
    const { breadcrumbs } = read(
      ld(
        JSON.stringify({
          '@type': 'BreadcrumbList',
          itemListElement: [
            { '@type': 'ListItem', position: 3, name: 'Sneakers' },
            { '@type': 'ListItem', position: 1, item: { '@id': '/', name: 'Home' } },
            { '@type': 'ListItem', position: 2, name: 'Women' },
          ],
        }),
      ),
    );
    expect(breadcrumbs).toEqual([['Home', 'Women', 'Sneakers']]);
  });
});

describe('readJsonLd: the site\'s own names', () => {
  it('reads top-level Organization names before WebSite names, in a @graph or alone', () => {
    const html = ld(
      JSON.stringify({ '@context': 'https://schema.org', '@graph': [{ '@type': 'WebSite', name: 'Northfold Knitwear' }, { '@type': 'Organization', name: 'Northfold' }] }),
      JSON.stringify({ '@context': 'https://schema.org', '@type': 'ClothingStore', name: 'Northfold Edinburgh' }),
    );
    expect(read(html).siteNames).toEqual(['Northfold', 'Northfold Edinburgh', 'Northfold Knitwear']);
  });

  it('does not take a product\'s brand, manufacturer or seller for the site', () => {
    const html = ld(product({ name: 'Jumper', brand: { '@type': 'Organization', name: 'Acme' }, offers: { '@type': 'Offer', price: 10, seller: { '@type': 'Organization', name: 'Acme Retail' } } }));
    expect(read(html).siteNames).toEqual([]);
  });
});
