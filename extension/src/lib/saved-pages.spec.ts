import { holdsProduct, pageMatcherParts, savedPageKey, savedPagesOf, savedProductFor, withoutProduct } from './saved-pages';

describe('savedPageKey', () => {
  it.each([
    ['https://www.arket.com/en/product/linen-overshirt/', 'arket.com/en/product/linen-overshirt'],
    ['http://ARKET.com/en/product/linen-overshirt?colour=sand&utm_source=x#reviews', 'arket.com/en/product/linen-overshirt'],
    ['https://shop.example.co.uk/p/123', 'shop.example.co.uk/p/123'],
    ['https://example.com', 'example.com/'],
  ])('%s is %s', (url, key) => {
    expect(savedPageKey(url)).toBe(key);
  });

  it.each([null, undefined, '', '#', 'not a url', 'chrome://extensions', 'javascript:alert(1)', 'file:///etc/passwd'])('%p has no key', (url) => {
    expect(savedPageKey(url)).toBeNull();
  });
});

describe('saved pages', () => {
  const pages = savedPagesOf([
    { id: 'p1', sourceUrl: 'https://www.arket.com/en/product/linen-overshirt' },
    { id: 'p2', sourceUrl: '#' },
    { id: 'p3', sourceUrl: null },
    { id: 'p4', sourceUrl: 'https://www.cos.com/en/p/wool-coat.html?x=1' },
  ]);

  it('keeps only items with a web address, by page key', () => {
    expect(pages).toEqual({ 'arket.com/en/product/linen-overshirt': 'p1', 'cos.com/en/p/wool-coat.html': 'p4' });
  });

  it('finds the product by the tab’s address or the page’s canonical one', () => {
    expect(savedProductFor(pages, ['https://arket.com/en/product/linen-overshirt?size=m', null])).toBe('p1');
    expect(savedProductFor(pages, ['https://www.cos.com/en/p/other.html', 'https://www.cos.com/en/p/wool-coat.html'])).toBe('p4');
    expect(savedProductFor(pages, ['https://www.cos.com/en/p/other.html'])).toBeNull();
  });

  it('knows which products it holds, and drops every page of a removed one', () => {
    const twoAddresses = { ...pages, 'arket.com/p/overshirt-sand': 'p1' };
    expect(holdsProduct(twoAddresses, 'p1')).toBe(true);
    expect(holdsProduct(twoAddresses, 'p2')).toBe(false);
    expect(withoutProduct(twoAddresses, 'p1')).toEqual({ 'cos.com/en/p/wool-coat.html': 'p4' });
    expect(withoutProduct(twoAddresses, 'p9')).toEqual(twoAddresses);
  });

  it('splits a key into the host and path a page matcher compares', () => {
    expect(pageMatcherParts('arket.com/en/product/linen-overshirt')).toEqual({ hostSuffix: 'arket.com', pathEquals: '/en/product/linen-overshirt' });
  });
});
