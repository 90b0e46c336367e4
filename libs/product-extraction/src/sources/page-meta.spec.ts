import { parseHtml } from '../html/parse-html';
import { readPageMeta } from './page-meta';

const read = (head: string, body = '') => readPageMeta(parseHtml(`<html><head>${head}</head><body>${body}</body></html>`));

describe('readPageMeta: OpenGraph and product meta', () => {
  it('reads title, image, description, url, site name and brand', () => {
    const meta = read(`
      <meta property="og:title" content="Dayzy &amp; Co">
      <meta property="og:image" content="http://cdn/a.jpg"><meta property="og:image:secure_url" content="https://cdn/a.jpg">
      <meta property="og:description" content="Soft.">
      <meta property="og:url" content="https://shop.com/p/dayzy">
      <meta property="og:site_name" content="Shop">
      <meta property="product:brand" content="Acme">`);
    expect(meta.opengraph).toMatchObject({ source: 'opengraph', name: 'Dayzy & Co', image: 'https://cdn/a.jpg', description: 'Soft.', brand: 'Acme', isProduct: true });
    expect(meta).toMatchObject({ ogUrl: 'https://shop.com/p/dayzy', siteName: 'Shop', ogTitle: 'Dayzy & Co' });
  });

  it('a sale price beats product:price, which beats og:price; each with its currency', () => {
    expect(read('<meta property="product:price:amount" content="80"><meta property="product:price:currency" content="USD"><meta property="product:sale_price:amount" content="59.99"><meta property="product:sale_price:currency" content="USD">').opengraph.offer).toEqual({ amount: 59.99, currency: 'USD' });
    expect(read('<meta property="og:price:amount" content="70"><meta property="product:price:amount" content="49,95"><meta property="product:price:currency" content="EUR">').opengraph.offer).toEqual({ amount: 49.95, currency: 'EUR' });
    expect(read('<meta property="og:price:amount" content="70"><meta property="og:price:currency" content="GBP">').opengraph.offer).toEqual({ amount: 70, currency: 'GBP' });
    expect(read('<meta property="product:sale_price:amount" content="50"><meta property="product:price:currency" content="CAD">').opengraph.offer).toEqual({ amount: 50, currency: 'CAD' });
  });

  it('keeps a currency stated without a price', () => {
    expect(read('<meta property="og:price:currency" content="eur">').opengraph).toMatchObject({ offer: null, currency: 'EUR' });
  });

  it('reads keys from property or name, without case; the first non-blank value wins', () => {
    expect(read('<meta name="OG:Title" content="  "><meta name="og:title" content="First"><meta property="og:title" content="Second">').opengraph.name).toBe('First');
  });

  it('counts og:type product, a price or a brand as product meta; a plain page is not', () => {
    expect(read('<meta property="og:type" content="product">').opengraph.isProduct).toBe(true);
    expect(read('<meta property="og:type" content="og:product">').opengraph.isProduct).toBe(true);
    expect(read('<meta property="og:type" content="article"><meta property="og:title" content="Blog">').opengraph.isProduct).toBe(false);
  });

  it('reads gender and category meta', () => {
    expect(read('<meta property="product:gender" content="female"><meta property="product:category" content="Shoes">').opengraph).toMatchObject({ gender: 'female', categories: ['Shoes'] });
    expect(read('<meta property="product:target_gender" content="male">').opengraph.gender).toBe('male');
  });
});

describe('readPageMeta: Twitter cards', () => {
  it('reads title, image, description and a price from a labelled data pair', () => {
    const meta = read(`
      <meta name="twitter:title" content="Dayzy"><meta name="twitter:image:src" content="/t.jpg"><meta name="twitter:description" content="Soft.">
      <meta name="twitter:label1" content="Colour"><meta name="twitter:data1" content="White">
      <meta name="twitter:label2" content="Price"><meta name="twitter:data2" content="£35.00">`);
    expect(meta.twitter).toMatchObject({ source: 'twitter', name: 'Dayzy', image: '/t.jpg', description: 'Soft.', offer: { amount: 35, currency: 'GBP' }, isProduct: true });
  });

  it('reads no price from an unlabelled pair', () => {
    expect(read('<meta name="twitter:data1" content="$35">').twitter.offer).toBeNull();
  });
});

describe('readPageMeta: the document', () => {
  it('reads the canonical link, base, first h1, title, description and application name', () => {
    const meta = read(
      '<link rel="alternate" href="/fr"><link rel="Canonical" href="/p/dayzy"><link rel="canonical" href="/second"><base href="https://cdn.shop.com/"><title>Dayzy | Shop</title><meta name="description" content="Meta description."><meta name="application-name" content="Shop App">',
      '<h1> Dayzy <small>Sneaker</small></h1><h1>Second</h1>',
    );
    expect(meta).toMatchObject({ canonical: '/p/dayzy', baseHref: 'https://cdn.shop.com/', h1: 'Dayzy Sneaker', title: 'Dayzy | Shop', applicationName: 'Shop App' });
    expect(meta.document).toMatchObject({ source: 'document', name: 'Dayzy Sneaker', description: 'Meta description.' });
  });

  it('names the document by its title without an h1', () => {
    expect(read('<title>Only Title</title>').document.name).toBe('Only Title');
  });
});

describe('readPageMeta: the site logo', () => {
  it('reads the alt text of a logo in the header or in a link home, without the word "logo"', () => {
    expect(read('', '<header><img class="site-logo" src="/a.svg" alt="Harrow &amp; Vale logo"></header>').logoAlt).toBe('Harrow & Vale');
    expect(read('', '<div><a href="/"><img src="/assets/logo.svg" alt="Logo of Fernhill"></a></div>').logoAlt).toBe('Fernhill');
    expect(read('', '<div class="page-header"><a class="logo" href="https://fernhill.com/"><img src="/f.svg" alt="Fernhill"></a></div>').logoAlt).toBe('Fernhill');
  });

  it('ignores images that are not the site\'s logo, or logos with no words', () => {
    expect(read('', '<main><img src="/p/shirt.jpg" alt="Linen shirt"></main>').logoAlt).toBeNull();
    expect(read('', '<footer><img class="payment-logo" src="/visa.svg" alt="Visa"></footer>').logoAlt).toBeNull();
    expect(read('', '<header><img class="logo" src="/a.svg" alt="Logo"></header>').logoAlt).toBeNull();
    expect(read('', '<header><img class="logo" src="/a.svg"></header>').logoAlt).toBeNull();
  });
});
