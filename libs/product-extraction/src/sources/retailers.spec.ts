import { parseHtml } from '../html/parse-html';
import { readRetailerRules } from './retailers';

const read = (html: string) => readRetailerRules(parseHtml(html));

const analytics = (product: object, extra = '') => `<script>
  window.ShopifyAnalytics = window.ShopifyAnalytics || {};
  window.ShopifyAnalytics.meta = window.ShopifyAnalytics.meta || {};
  window.ShopifyAnalytics.meta.currency = 'EUR';
  var meta = ${JSON.stringify({ product, page: { pageType: 'product' } })};
  for (var attr in meta) { window.ShopifyAnalytics.meta[attr] = meta[attr]; }
  ${extra}
</script>`;

describe('Shopify inline product JSON', () => {
  const metaProduct = {
    id: 1,
    gid: 'gid://shopify/Product/1',
    vendor: 'Acme',
    type: 'Sneakers',
    variants: [
      { id: 11, price: 6999, name: 'Dayzy Sneaker - 38', public_title: '38', sku: '' },
      { id: 12, price: 5999, name: 'Dayzy Sneaker - 39', public_title: '39', sku: '' },
    ],
  };

  it('reads the analytics meta object: prices in cents, name without the variant, vendor, type, page currency', () => {
    const [found, ...rest] = read(analytics(metaProduct));
    expect(rest).toEqual([]);
    expect(found?.facts).toMatchObject({ source: 'retailer', name: 'Dayzy Sneaker', brand: 'Acme', categories: ['Sneakers'], offer: { amount: 59.99, currency: 'EUR' }, isProduct: true });
    expect(found?.mainEntity).toBe(true);
  });

  it('reads Shopify.currency and ShopifyAnalytics.meta.product', () => {
    const script = `<script>Shopify.currency = {"active":"GBP","rate":"1.0"};
      ShopifyAnalytics.meta.product = {vendor: "Acme", variants: [{id: 1, price: 2500, name: "Tee"}]};</script>`;
    expect(read(script)[0]?.facts).toMatchObject({ name: 'Tee', offer: { amount: 25, currency: 'GBP' } });
  });

  it('reads theme product JSON: title, description, images, the lowest variant in stock', () => {
    const json = {
      id: 1,
      title: 'Dayzy Sneaker',
      handle: 'dayzy-sneaker',
      description: '<p>Soft leather.</p>',
      vendor: 'Acme',
      type: 'Shoes',
      price: 5999,
      featured_image: '//cdn.shopify.com/s/files/1/dayzy.jpg',
      images: ['//cdn.shopify.com/s/files/1/dayzy.jpg'],
      variants: [
        { id: 11, title: '38', price: 4999, available: false },
        { id: 12, title: '39', price: 5999, available: true },
        { id: 13, title: '40', price: 6999, available: true },
      ],
    };
    const [found] = read(`<script type="application/json" id="ProductJson-product-template">${JSON.stringify(json)}</script>`);
    expect(found?.facts).toMatchObject({ name: 'Dayzy Sneaker', brand: 'Acme', description: '<p>Soft leather.</p>', image: '//cdn.shopify.com/s/files/1/dayzy.jpg', offer: { amount: 59.99, currency: null } });
    expect(found?.urls).toEqual(['/products/dayzy-sneaker']);
    expect(found?.offers?.map((offer) => offer.url)).toEqual(['/products/dayzy-sneaker?variant=11', '/products/dayzy-sneaker?variant=12', '/products/dayzy-sneaker?variant=13']);
  });

  it('reads decimal text prices as units, and images given as objects', () => {
    const json = { product: { title: 'Tee', handle: 'tee', vendor: 'Acme', images: [{ src: 'https://cdn/t.jpg' }], variants: [{ id: 1, price: '25.00' }] } };
    expect(read(`<script type="application/json" data-product-json>${JSON.stringify(json)}</script>`)[0]?.facts).toMatchObject({ image: 'https://cdn/t.jpg', offer: { amount: 25, currency: null } });
  });

  it('marks theme JSON in related containers as related; ignores other JSON and other scripts', () => {
    const json = JSON.stringify({ title: 'Other', handle: 'other', vendor: 'Acme', variants: [{ id: 1, price: 100 }] });
    const found = read(`<div class="product-recommendations"><script type="application/json" data-product-json>${json}</script></div>`);
    expect(found.map((c) => c.related)).toEqual([true]);
    expect(read(`<script type="application/json" id="settings">${json}</script><script>var other = ${json};</script>`)).toEqual([]);
  });

  it('survives broken inline scripts', () => {
    expect(read('<script>var meta = {"product": {"vendor": "A", "variants": [{"price": 100,</script>')[0]?.facts.offer).toEqual({ amount: 1, currency: null });
    expect(read('<script>var meta = ;ShopifyAnalytics.meta == 3; Shopify.currency = </script>')).toEqual([]);
  });
});

describe('Salesforce Commerce Cloud (SFRA)', () => {
  const detail = `
    <div class="container product-detail product-wrapper" data-pid="25592581M">
      <h1 class="product-name">Relaxed Linen Shirt</h1>
      <div class="product-brand">Maison</div>
      <div class="primary-images"><div class="carousel-item"><img src="/dw/image/v2/shirt.jpg" alt=""></div></div>
      <div class="prices"><div class="price">
        <del><span class="strike-through list"><span class="value" content="89.00">$89.00</span></span></del>
        <span class="sales"><span class="value" content="59.00">$59.00</span></span>
      </div></div>
    </div>`;

  it('reads name, brand, image and the sale price, never the struck-through one', () => {
    const [found] = read(detail);
    expect(found?.facts).toMatchObject({ name: 'Relaxed Linen Shirt', brand: 'Maison', image: '/dw/image/v2/shirt.jpg', offer: { amount: 59, currency: 'USD' } });
  });

  it('marks product tiles and related blocks as related; needs data-pid on a detail block', () => {
    expect(read(`<div class="recommendations">${detail}</div>`).map((c) => c.related)).toEqual([true]);
    expect(read('<div class="product-detail"><h1 class="product-name">No pid</h1></div>')).toEqual([]);
  });
});
