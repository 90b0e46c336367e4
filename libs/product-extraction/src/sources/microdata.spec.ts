import { parseHtml } from '../html/parse-html';
import type { ProductCandidate } from '../types';
import { readMicrodata } from './microdata';

const read = (html: string) => readMicrodata(parseHtml(html));
const only = (html: string): ProductCandidate => {
  const { candidates } = read(html);
  expect(candidates).toHaveLength(1);
  return candidates[0] as ProductCandidate;
};
const scope = (inner: string, type = 'https://schema.org/Product') => `<div itemscope itemtype="${type}">${inner}</div>`;

describe('readMicrodata: product fields', () => {
  it('reads name, brand, image, description and url', () => {
    const found = only(
      scope(`
        <h1 itemprop="name">Juno <em>Jacket</em></h1>
        <span itemprop="brand">Luma</span>
        <img itemprop="image" src="/media/juno.jpg" alt="">
        <div itemprop="description"><p>Light.</p><p>Warm.</p></div>
        <link itemprop="url" href="/juno-jacket.html">`),
    );
    expect(found.facts).toMatchObject({ source: 'microdata', name: 'Juno Jacket', brand: 'Luma', image: '/media/juno.jpg', description: 'Light. Warm.', isProduct: true });
    expect(found.urls).toEqual(['/juno-jacket.html']);
  });

  it('reads a brand item by its name, else its text', () => {
    expect(only(scope('<span itemprop="name">A</span><div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><meta itemprop="name" content="Luma"><span>ignored</span></div>')).facts.brand).toBe('Luma');
    expect(only(scope('<span itemprop="name">A</span><div itemprop="brand" itemscope itemtype="https://schema.org/Organization">Luma Inc</div>')).facts.brand).toBe('Luma Inc');
  });

  it('reads values per element: content, meta, img src, a href, and lazy images', () => {
    expect(only(scope('<meta itemprop="name" content="Meta Name"><span itemprop="image" content="/c.jpg"></span>')).facts).toMatchObject({ name: 'Meta Name', image: '/c.jpg' });
    expect(only(scope('<span itemprop="name">A</span><a itemprop="image" href="/a.jpg">photo</a>')).facts.image).toBe('/a.jpg');
    expect(only(scope('<span itemprop="name">A</span><img itemprop="image" src="data:image/gif;base64,R0l" data-src="/lazy.jpg">')).facts.image).toBe('/lazy.jpg');
    expect(only(scope('<span itemprop="name">A</span><img itemprop="image" srcset="/s1.jpg 1x, /s2.jpg 2x">')).facts.image).toBe('/s1.jpg');
    expect(only(scope('<span itemprop="name">A</span><div itemprop="image" itemscope itemtype="https://schema.org/ImageObject"><meta itemprop="contentUrl" content="/io.jpg"></div>')).facts.image).toBe('/io.jpg');
  });

  it('reads one element holding several properties', () => {
    expect(only(scope('<span itemprop="name alternateName">Tee</span>')).facts.name).toBe('Tee');
  });

  it('reads gender and category', () => {
    const found = only(
      scope('<span itemprop="name">A</span><div itemprop="audience" itemscope itemtype="https://schema.org/PeopleAudience"><meta itemprop="suggestedGender" content="female"></div><meta itemprop="category" content="Women > Jackets">'),
    );
    expect(found.facts.gender).toBe('female');
    expect(found.facts.categories).toEqual(['Women > Jackets']);
  });
});

describe('readMicrodata: offers', () => {
  const priced = (offers: string, extra = '') => only(scope(`<span itemprop="name">A</span>${offers}${extra}`)).facts.offer;
  const offer = (inner: string, type = 'https://schema.org/Offer') => `<div itemprop="offers" itemscope itemtype="${type}">${inner}</div>`;

  it('reads a price from content or from text, with its currency', () => {
    expect(priced(offer('<span itemprop="price" content="77.00">$77.00</span><meta itemprop="priceCurrency" content="USD">'))).toEqual({ amount: 77, currency: 'USD' });
    expect(priced(offer('<span itemprop="price">€ 49,95</span>'))).toEqual({ amount: 49.95, currency: 'EUR' });
  });

  it('takes the lowest offer in stock', () => {
    expect(
      priced(
        offer('<meta itemprop="price" content="40"><link itemprop="availability" href="https://schema.org/OutOfStock">') +
          offer('<meta itemprop="price" content="60"><link itemprop="availability" href="https://schema.org/InStock">') +
          offer('<meta itemprop="price" content="55"><link itemprop="availability" href="https://schema.org/InStock">'),
      ),
    ).toEqual({ amount: 55, currency: null });
  });

  it('reads an AggregateOffer lowPrice', () => {
    expect(priced(offer('<meta itemprop="lowPrice" content="39"><meta itemprop="highPrice" content="89"><meta itemprop="priceCurrency" content="GBP">', 'https://schema.org/AggregateOffer'))).toEqual({
      amount: 39,
      currency: 'GBP',
    });
  });

  it('never takes a ListPrice specification', () => {
    expect(
      priced(
        offer(`
          <div itemprop="priceSpecification" itemscope itemtype="https://schema.org/UnitPriceSpecification"><meta itemprop="priceType" content="https://schema.org/ListPrice"><meta itemprop="price" content="80"></div>
          <div itemprop="priceSpecification" itemscope itemtype="https://schema.org/UnitPriceSpecification"><meta itemprop="price" content="59"><meta itemprop="priceCurrency" content="USD"></div>`),
      ),
    ).toEqual({ amount: 59, currency: 'USD' });
  });

  it('reads a price put straight on the product', () => {
    expect(priced('<span itemprop="price" content="25.00">£25</span><meta itemprop="priceCurrency" content="GBP">')).toEqual({ amount: 25, currency: 'GBP' });
  });

  it('keeps offer properties off the product and product properties off nested items', () => {
    const found = only(scope(`<span itemprop="name">Tee</span>${offer('<span itemprop="name">Offer name</span><meta itemprop="price" content="10">')}`));
    expect(found.facts.name).toBe('Tee');
  });
});

describe('readMicrodata: which items are products', () => {
  it('marks nested related items and items in related containers', () => {
    const { candidates } = read(
      scope(`<span itemprop="name">Main</span>${'<div itemprop="isRelatedTo" itemscope itemtype="https://schema.org/Product"><span itemprop="name">Rel</span></div>'}`) +
        `<section class="product-recommendations">${scope('<span itemprop="name">Rec</span>')}</section>` +
        scope('<span itemprop="name">Other</span>', 'http://schema.org/Product'),
    );
    expect(candidates.map((c) => [c.facts.name, c.related])).toEqual([
      ['Main', false],
      ['Rel', true],
      ['Rec', true],
      ['Other', false],
    ]);
  });

  it('reads a product on the body (Magento) and a mainEntity of a page', () => {
    expect(only(`<body itemscope itemtype="http://schema.org/Product"><h1><span itemprop="name">Juno</span></h1></body>`).facts.name).toBe('Juno');
    const main = only(`<div itemscope itemtype="https://schema.org/WebPage"><div itemprop="mainEntity" itemscope itemtype="https://schema.org/Product"><span itemprop="name">A</span></div></div>`);
    expect(main).toMatchObject({ mainEntity: true, related: false });
  });

  it('reads a group with variants as one product', () => {
    const found = only(
      scope(
        `<span itemprop="name">Dayzy</span>
         <div itemprop="hasVariant" itemscope itemtype="https://schema.org/Product"><link itemprop="url" href="/p/dayzy?size=38"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="89"></div></div>
         <div itemprop="hasVariant" itemscope itemtype="https://schema.org/Product"><div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="79"></div></div>`,
        'https://schema.org/ProductGroup',
      ),
    );
    expect(found.facts.offer).toEqual({ amount: 79, currency: null });
    expect(found.offers?.map((o) => o.url)).toEqual(['/p/dayzy?size=38', null]);
  });
});

describe('readMicrodata: breadcrumbs', () => {
  it('reads BreadcrumbList items in position order', () => {
    const { breadcrumbs } = read(`
      <ol itemscope itemtype="https://schema.org/BreadcrumbList">
        <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="item" href="/"><span itemprop="name">Home</span></a><meta itemprop="position" content="1"></li>
        <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="item" href="/women"><span itemprop="name">Women</span></a><meta itemprop="position" content="2"></li>
        <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><span itemprop="name">Jackets</span><meta itemprop="position" content="3"></li>
      </ol>`);
    expect(breadcrumbs).toEqual([['Home', 'Women', 'Jackets']]);
  });
});
