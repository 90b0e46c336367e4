import { extractProduct } from './extract-product';

const ld = (value: object) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const product = (fields: Record<string, unknown>) => ({ '@context': 'https://schema.org', '@type': 'Product', ...fields });
const meta = (property: string, content: string) => `<meta property="${property}" content="${content}">`;
const PAGE = 'https://shop.example.com/products/dayzy';

describe('extractProduct: which source a field comes from', () => {
  it('takes each field from the most trusted source that has it: JSON-LD, microdata, OpenGraph, Twitter, platform rules, the document', () => {
    const html = `
      <title>Doc Title</title><meta name="description" content="Meta description.">
      ${meta('og:title', 'OG Name')}${meta('og:description', 'OG description.')}${meta('og:image', '/og.jpg')}${meta('product:brand', 'OG Brand')}
      <meta name="twitter:title" content="Twitter Name"><meta name="twitter:image" content="/tw.jpg">
      <meta name="twitter:label1" content="Price"><meta name="twitter:data1" content="$70">
      ${ld(product({ name: 'LD Name', offers: { price: 50, priceCurrency: 'USD' } }))}
      <div itemscope itemtype="https://schema.org/Product"><span itemprop="name">LD Name</span><span itemprop="brand">MD Brand</span>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="60"></div></div>`;
    expect(extractProduct(html, PAGE)).toMatchObject({
      name: 'LD Name',
      brand: 'MD Brand',
      price: 50,
      currency: 'USD',
      imageUrl: 'https://shop.example.com/og.jpg',
      description: 'OG description.',
    });
  });

  it('falls to Twitter, the platform rules and the document when nothing better has the field', () => {
    const html = `<h1>Heading Name</h1><title>Doc Title</title><meta name="description" content="Meta description.">
      <meta name="twitter:image" content="/tw.jpg">
      <script>var meta = {"product": {"vendor": "Vendor", "variants": [{"id": 1, "price": 4500, "name": "Heading Name - S", "public_title": "S"}]}};</script>`;
    expect(extractProduct(html, PAGE)).toMatchObject({
      name: 'Heading Name',
      brand: 'Vendor',
      price: 45,
      currency: null,
      imageUrl: 'https://shop.example.com/tw.jpg',
      description: 'Meta description.',
    });
  });

  it('takes the currency from another source when the price source states none; no currency without a price', () => {
    expect(extractProduct(ld(product({ name: 'Tee', offers: { price: '25.00' } })) + meta('og:price:currency', 'EUR'), PAGE)).toMatchObject({ price: 25, currency: 'EUR' });
    expect(extractProduct(meta('og:title', 'Tee') + meta('og:price:currency', 'EUR'), PAGE)).toMatchObject({ price: null, currency: null });
  });

  it('takes the currency a price was written in', () => {
    expect(extractProduct(ld(product({ name: 'Tee', offers: { price: '£25.00' } })), PAGE)).toMatchObject({ price: 25, currency: 'GBP' });
  });

  it('rounds amounts to cents', () => {
    expect(extractProduct(ld(product({ name: 'Tee', offers: { price: 19.999999 } })), PAGE).price).toBe(20);
  });

  it('leaves out a structured source that describes another product than the page', () => {
    const html = `${ld(product({ name: 'Dayzy Sneaker', url: '/products/dayzy', offers: { price: 90 } }))}
      <div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Marlow Loafer</span><span itemprop="brand">Other Brand</span><p itemprop="description">Not this one.</p></div>`;
    expect(extractProduct(html, PAGE)).toMatchObject({ name: 'Dayzy Sneaker', brand: null, description: null, price: 90 });
  });

  it('keeps a lower source that agrees by name, and lets it fill the gaps', () => {
    const html = `${ld(product({ name: 'Dayzy', url: '/products/dayzy' }))}
      <div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Dayzy Sneaker</span><span itemprop="brand">Acme</span></div>`;
    expect(extractProduct(html, PAGE)).toMatchObject({ name: 'Dayzy', brand: 'Acme' });
  });
});

describe('extractProduct: names, brands, images and links', () => {
  it('cuts the site name, the brand or the host name from either end of a name', () => {
    expect(extractProduct(meta('og:title', 'Dayzy | Shop Name') + meta('og:site_name', 'Shop Name'), PAGE).name).toBe('Dayzy');
    expect(extractProduct(ld(product({ name: 'Air Max Plus - Nikolai', brand: 'Nikolai' })), PAGE).name).toBe('Air Max Plus');
    expect(extractProduct(meta('og:title', 'Example – Dayzy'), PAGE).name).toBe('Dayzy');
    expect(extractProduct(meta('og:title', 'Relaxed - Fit Tee | Example'), PAGE).name).toBe('Relaxed - Fit Tee');
  });

  it('decodes entities, strips tags and caps the length of names and descriptions', () => {
    const long = 'word '.repeat(2000);
    const result = extractProduct(ld(product({ name: `Caf&eacute; <b>Tee</b> ${long}`, description: `<p>${long}</p>` })), PAGE);
    expect(result.name?.startsWith('Café Tee word')).toBe(true);
    expect(result.name?.length).toBeLessThanOrEqual(300);
    expect(result.description?.length).toBeLessThanOrEqual(5000);
    expect(result.description?.endsWith('…')).toBe(true);
  });

  it('gives a single-brand supported retailer’s page its brand when the page names none', () => {
    expect(extractProduct(ld(product({ name: 'Linen Shirt' })), 'https://www.uniqlo.com/us/en/products/E123').brand).toBe('Uniqlo');
    expect(extractProduct(ld(product({ name: 'Linen Shirt' })), 'https://www.asos.com/p/1').brand).toBeNull();
  });

  it('takes the first image that resolves to a web address', () => {
    const html = ld(product({ name: 'Tee', image: ['javascript:alert(1)'] })) + meta('og:image', 'data:image/png;base64,AAAA') + '<meta name="twitter:image" content="//cdn.example.com/t.jpg">';
    expect(extractProduct(html, 'http://shop.example.com/p').imageUrl).toBe('http://cdn.example.com/t.jpg');
  });

  it('sourceUrl is the canonical link on the same site, else og:url, else the page without tracking', () => {
    expect(extractProduct('<link rel="canonical" href="/products/dayzy">', `${PAGE}-white?utm_source=x`).sourceUrl).toBe('https://shop.example.com/products/dayzy');
    expect(extractProduct('<link rel="canonical" href="https://evil.example.net/p">' + meta('og:url', '/products/dayzy'), `${PAGE}?gclid=1`).sourceUrl).toBe('https://shop.example.com/products/dayzy');
    expect(extractProduct('<link rel="canonical" href="/">', `${PAGE}?utm_source=x#top`).sourceUrl).toBe(PAGE);
  });
});

describe('extractProduct: category and gender', () => {
  it('go through the page’s evidence first', () => {
    const html = ld(product({ name: 'GDC Zoe', category: 'Clothing > Women > Jackets', offers: { price: 100 } }));
    expect(extractProduct(html, PAGE)).toMatchObject({ category: 'outerwear', gender: 'Women' });
  });

  it('read an explicit gender over every word', () => {
    const html = ld(product({ name: "Men's Tee", gender: 'female', offers: { price: 10 } }));
    expect(extractProduct(html, 'https://shop.example.com/men/tees/x').gender).toBe('Women');
  });

  it('are absent without evidence, and on pages that show no product', () => {
    const plain = extractProduct(ld(product({ name: 'Riley', offers: { price: 10 } })), PAGE);
    expect(plain.gender).toBeUndefined();
    expect(plain.category).toBe('home');
    const article = extractProduct(`${meta('og:type', 'article')}${meta('og:title', "Women's Jackets We Love")}`, 'https://blog.example.com/women/jackets');
    expect(article.name).toBe("Women's Jackets We Love");
    expect('gender' in article || 'category' in article).toBe(false);
  });
});

describe('extractProduct: confidence', () => {
  const full = ld(product({ name: 'Tee', brand: 'Acme', image: '/t.jpg', description: 'Soft.', offers: { price: 20, priceCurrency: 'USD' } }));

  it('is higher for a complete structured product than for partial or social-only pages, and low without a product', () => {
    const complete = extractProduct(full, PAGE).confidence;
    const partial = extractProduct(ld(product({ name: 'Tee' })), PAGE).confidence;
    const social = extractProduct(meta('og:type', 'product') + meta('og:title', 'Tee') + meta('og:image', '/t.jpg') + meta('product:price:amount', '20'), PAGE).confidence;
    const none = extractProduct(meta('og:title', 'Welcome') + meta('og:image', '/home.jpg'), PAGE).confidence;
    expect(complete).toBeGreaterThan(social);
    expect(social).toBeGreaterThan(partial);
    expect(partial).toBeGreaterThan(none);
    expect(none).toBeLessThan(0.3);
  });

  it('rises when sources agree and falls when they state different prices', () => {
    const alone = extractProduct(full, PAGE).confidence;
    const agreeing = extractProduct(full + meta('og:title', 'Tee') + meta('og:price:amount', '20'), PAGE).confidence;
    const disagreeing = extractProduct(full + meta('og:price:amount', '35'), PAGE).confidence;
    expect(agreeing).toBeGreaterThan(alone);
    expect(disagreeing).toBeLessThan(alone);
  });

  it('falls when the page holds two products and neither can be told apart as its own', () => {
    const one = extractProduct(full, PAGE).confidence;
    const two = extractProduct(full + ld(product({ name: 'Other', offers: { price: 5 } })), PAGE).confidence;
    expect(two).toBeLessThan(one);
  });

  it('stays within 0..1 with two decimals', () => {
    for (const html of ['', full, full + full]) {
      const { confidence } = extractProduct(html, PAGE);
      expect(confidence).toBeGreaterThanOrEqual(0);
      expect(confidence).toBeLessThanOrEqual(1);
      expect(Math.round(confidence * 100) / 100).toBe(confidence);
    }
  });
});

describe('extractProduct never throws', () => {
  const nothing = { name: null, brand: null, price: null, currency: null, imageUrl: null, description: null, colour: null, confidence: 0 };

  it('returns an empty result for empty or non-text input', () => {
    expect(extractProduct('', '')).toEqual({ ...nothing, sourceUrl: '#' });
    expect(extractProduct(undefined as unknown as string, null as unknown as string)).toEqual({ ...nothing, sourceUrl: '#' });
    expect(extractProduct('', 'https://shop.example.com/p?utm_source=x')).toEqual({ ...nothing, sourceUrl: 'https://shop.example.com/p' });
  });

  it('reads binary junk', () => {
    let seed = 7;
    const junk = Array.from({ length: 200_000 }, () => String.fromCharCode((seed = (seed * 48271) % 2147483647) % 65536)).join('');
    expect(extractProduct(junk, PAGE).confidence).toBeGreaterThanOrEqual(0);
  });

  it('reads every prefix-cut of a real page', () => {
    const html = `<html><head>${meta('og:title', 'Tee &amp; Co')}${ld(product({ name: 'Tee', offers: [{ price: '1.299,00', priceCurrency: 'EUR' }], brand: { name: 'Acme' } }))}</head>
      <body><nav aria-label="breadcrumb"><ol><li>Home</li><li>Tops</li></ol></nav><div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Tee</span></div></body></html>`;
    for (let cut = 0; cut <= html.length; cut += 7) expect(() => extractProduct(html.slice(0, cut), PAGE)).not.toThrow();
  });

  it('returns for a 2 MB page of pathological content (100 000 unclosed "<", runs of quotes, open scripts and attributes)', () => {
    const parts = [
      '<html><head><title>Pathological</title>',
      `<script type="application/ld+json">${'{"@type":"Product","name":"'.repeat(20_000)}</script>`,
      '<div class="breadcrumb">'.repeat(20_000),
      '<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">'.repeat(5_000),
      '<'.repeat(100_000),
      '"'.repeat(300_000),
      '<a href="x" title="'.repeat(20_000),
      '&#'.repeat(100_000),
      '<!--'.repeat(50_000),
      '<script>var meta = {"product": {"variants": ['.repeat(10_000),
    ];
    const html = parts.join('').padEnd(2_000_000, '<p x="');
    expect(html.length).toBeGreaterThanOrEqual(2_000_000);
    const result = extractProduct(html, PAGE);
    expect(typeof result.confidence).toBe('number');
  });

  it('returns for a 5 MB page: a real product among thousands of related cards', () => {
    const card = '<li class="product-tile" itemscope itemtype="https://schema.org/Product"><a itemprop="url" href="/p/x"><span itemprop="name">Card</span></a><span itemprop="price" content="10">$10</span></li>';
    const html = `${ld(product({ name: 'Main Tee', url: '/products/dayzy', offers: { price: 30, priceCurrency: 'USD' } }))}<section class="related-products"><ul>${card.repeat(27_000)}</ul></section>`;
    expect(html.length).toBeGreaterThan(5_000_000);
    expect(extractProduct(html, PAGE)).toMatchObject({ name: 'Main Tee', price: 30, currency: 'USD' });
  });
});

describe('extractProduct: the colour the page states', () => {
  const colourOn = (html: string, url = PAGE) => extractProduct(html, url).colour;
  const microdata = (inner: string) => `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Dayzy</span>${inner}</div>`;

  it('reads a JSON-LD Product’s color as text, an array (distinct values joined) or a {name}', () => {
    expect(colourOn(ld(product({ name: 'Dayzy', color: 'Navy' })))).toBe('Navy');
    expect(colourOn(ld(product({ name: 'Dayzy', color: ['Black', 'White', 'black'] })))).toBe('Black / White');
    expect(colourOn(ld(product({ name: 'Dayzy', color: { '@type': 'Thing', name: 'Ecru' } })))).toBe('Ecru');
    expect(colourOn(ld(product({ name: 'Dayzy', color: 'Cr&egrave;me &amp; Navy' })))).toBe('Crème & Navy');
  });

  it('ignores empty and nonsense JSON-LD colours, and then asks the next source', () => {
    for (const color of ['', '  ', '0001', 'https://cdn.example/swatch/navy.png', [], [''], 7]) {
      expect(colourOn(ld(product({ name: 'Dayzy', color })))).toBeNull();
    }
    expect(colourOn(ld(product({ name: 'Dayzy', color: '0001' })) + meta('product:color', 'Olive'))).toBe('Olive');
  });

  it('reads the variant a ProductGroup page selects, by its URL or its sku, over the group’s own colour', () => {
    const group = (color?: string) =>
      ld({
        '@context': 'https://schema.org',
        '@type': 'ProductGroup',
        name: 'Dayzy',
        url: '/products/dayzy',
        ...(color ? { color } : {}),
        hasVariant: [
          { '@type': 'Product', sku: 'DZ-NAVY-8', color: 'Navy', offers: { price: 60, priceCurrency: 'USD', url: '/products/dayzy?variant=1' } },
          { '@type': 'Product', sku: 'DZ-RED-8', color: 'Red', offers: { price: 60, priceCurrency: 'USD', url: '/products/dayzy?variant=2' } },
        ],
      });
    expect(colourOn(group(), `${PAGE}?variant=2`)).toBe('Red');
    expect(colourOn(group('Multi'), `${PAGE}?variant=1&utm_source=mail`)).toBe('Navy');
    expect(colourOn(group(), `${PAGE}?sku=DZ-NAVY-8`)).toBe('Navy');
    expect(colourOn(group(), 'https://shop.example.com/p/DZ-RED-8')).toBe('Red');
    // Nothing selected: the group's own colour, else none (the first variant's is not the page's).
    expect(colourOn(group('Multi'))).toBe('Multi');
    expect(colourOn(group())).toBeNull();
  });

  it('takes the one colour every variant states when the page selects none', () => {
    const variant = (sku: string) => ({ '@type': 'Product', sku, color: 'Sand', offers: { price: 40, priceCurrency: 'USD' } });
    expect(colourOn(ld({ '@type': 'ProductGroup', name: 'Dayzy', hasVariant: [variant('S'), variant('M')] }))).toBe('Sand');
  });

  it('reads microdata color from content or text, every one of them', () => {
    expect(colourOn(microdata('<meta itemprop="color" content="Forest Green">'))).toBe('Forest Green');
    expect(colourOn(microdata('<span itemprop="color">  Heather\n Grey </span>'))).toBe('Heather Grey');
    expect(colourOn(microdata('<span itemprop="color">Black</span><span itemprop="color">Gold</span>'))).toBe('Black / Gold');
    expect(colourOn(microdata('<span itemprop="color">&nbsp;</span>'))).toBeNull();
  });

  it('reads the microdata variant the page selects', () => {
    const html = microdata(`
      <div itemprop="hasVariant" itemscope itemtype="https://schema.org/Product"><meta itemprop="sku" content="A1"><meta itemprop="color" content="Navy"><link itemprop="url" href="/products/dayzy?v=a1"></div>
      <div itemprop="hasVariant" itemscope itemtype="https://schema.org/Product"><meta itemprop="sku" content="B2"><meta itemprop="color" content="Rust"><link itemprop="url" href="/products/dayzy?v=b2"></div>`);
    expect(colourOn(html, `${PAGE}?v=b2`)).toBe('Rust');
    expect(colourOn(html)).toBeNull();
  });

  it('reads product:color, og:color and product:colour meta', () => {
    expect(colourOn(meta('og:title', 'Dayzy') + meta('product:color', 'Mid Wash Blue'))).toBe('Mid Wash Blue');
    expect(colourOn(meta('og:title', 'Dayzy') + meta('og:color', 'Black'))).toBe('Black');
    expect(colourOn(meta('og:title', 'Dayzy') + meta('product:colour', 'Oat'))).toBe('Oat');
  });

  it('prefers JSON-LD over microdata over meta', () => {
    const all = ld(product({ name: 'Dayzy', color: 'Navy' })) + microdata('<meta itemprop="color" content="Blue">') + meta('product:color', 'Indigo');
    expect(colourOn(all)).toBe('Navy');
    expect(colourOn(microdata('<meta itemprop="color" content="Blue">') + meta('product:color', 'Indigo'))).toBe('Blue');
  });

  it('reads the colour option of the Shopify variant the page selects', () => {
    const json = {
      title: 'Dayzy',
      handle: 'dayzy',
      vendor: 'Acme',
      options: ['Size', 'Color'],
      variants: [
        { id: 11, price: 5000, option1: '38', option2: 'Navy' },
        { id: 12, price: 5000, option1: '38', option2: 'Bone White' },
      ],
    };
    const html = `<script type="application/json" id="ProductJson-product-template">${JSON.stringify(json)}</script>`;
    expect(colourOn(html, `${PAGE}?variant=12`)).toBe('Bone White');
    expect(colourOn(html)).toBeNull();
    const dotJson = { ...json, options: [{ name: 'Size', values: ['38'] }, { name: 'Colour', values: ['Navy'] }], variants: json.variants.slice(0, 1) };
    expect(colourOn(`<script type="application/json" data-product-json>${JSON.stringify(dotJson)}</script>`)).toBe('Navy');
  });

  it('reads the selected colour of an SFRA product detail', () => {
    const detail = (attribute: string) => `<div class="product-detail" data-pid="P1"><h1 class="product-name">Dayzy</h1>${attribute}<span class="sales"><span class="value" content="59.00">$59.00</span></span></div>`;
    const swatches = `<div data-attr="color"><span class="color non-input-label">Color</span>
      <button class="color-attribute" aria-label="Select Color Black"><span data-attr-value="BLK" class="color-value swatch-circle selectable"></span></button>
      <button class="color-attribute" aria-label="Select Color Navy"><span data-attr-value="NVY" class="color-value swatch-circle selected selectable"></span></button></div>`;
    expect(colourOn(detail(swatches))).toBe('Navy');
    expect(colourOn(detail('<div class="attribute"><span class="color">Color</span> <span class="selected-swatch">Sand</span></div>'))).toBe('Sand');
    expect(colourOn(detail('<div data-attr="size"><span class="selected-value">M</span></div>'))).toBeNull();
  });

  it('is null when the page states no colour', () => {
    expect(colourOn(ld(product({ name: 'Dayzy', offers: { price: 10, priceCurrency: 'USD' } })))).toBeNull();
  });
});
