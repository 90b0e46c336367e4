import { imageUrl, pathKey, productSourceUrl, resolveUrl, sameSite, siteLabel, withoutTracking } from './urls';

const page = 'https://www.shop.com/women/shoes/dayzy?color=white&utm_source=news#reviews';

describe('imageUrl', () => {
  it.each<[string, string | null]>([
    ['https://cdn.shop.com/a.jpg', 'https://cdn.shop.com/a.jpg'],
    ['//cdn.shopify.com/s/files/a.jpg?v=1', 'https://cdn.shopify.com/s/files/a.jpg?v=1'],
    ['/images/a.jpg', 'https://www.shop.com/images/a.jpg'],
    ['a.jpg', 'https://www.shop.com/women/shoes/a.jpg'],
    ['../a.jpg', 'https://www.shop.com/women/a.jpg'],
    ['  https://cdn.shop.com/a b.jpg\n', 'https://cdn.shop.com/a%20b.jpg'],
    ['https://user:pass@cdn.shop.com/a.jpg', 'https://cdn.shop.com/a.jpg'],
    ['data:image/gif;base64,R0lGOD', null],
    ['javascript:alert(1)', null],
    ['ftp://shop.com/a.jpg', null],
    ['', null],
  ])('%p → %p', (value, expected) => {
    expect(imageUrl(value, page)).toBe(expected);
  });

  it('needs a base for a relative image, and caps the length', () => {
    expect(imageUrl('/a.jpg', null)).toBeNull();
    expect(imageUrl(`https://cdn.shop.com/${'a'.repeat(3000)}.jpg`, page)).toBeNull();
  });
});

describe('productSourceUrl', () => {
  it('takes the canonical link when it is on the same site', () => {
    expect(productSourceUrl(page, ['/products/dayzy', null], page)).toBe('https://www.shop.com/products/dayzy');
    expect(productSourceUrl(page, ['https://shop.com/products/dayzy?utm_medium=x'], page)).toBe('https://shop.com/products/dayzy');
    expect(productSourceUrl(page, ['https://m.shop.com/p/dayzy'], page)).toBe('https://m.shop.com/p/dayzy');
  });

  it('then og:url; never a link to another site or to the home page', () => {
    expect(productSourceUrl(page, [null, 'https://www.shop.com/p/dayzy'], page)).toBe('https://www.shop.com/p/dayzy');
    expect(productSourceUrl(page, ['https://other.com/p/dayzy', '/'], page)).toBe('https://www.shop.com/women/shoes/dayzy?color=white');
    expect(productSourceUrl(page, ['javascript:alert(1)'], page)).toBe('https://www.shop.com/women/shoes/dayzy?color=white');
  });

  it('else the page URL without tracking parameters or fragment', () => {
    expect(productSourceUrl(page, [], null)).toBe('https://www.shop.com/women/shoes/dayzy?color=white');
    expect(productSourceUrl('https://shop.co.uk/p/1?gclid=x&fbclid=y', [], null)).toBe('https://shop.co.uk/p/1');
  });

  it("is '#' without a web address; an absolute canonical then stands alone", () => {
    expect(productSourceUrl('', [], null)).toBe('#');
    expect(productSourceUrl('about:blank', [], null)).toBe('#');
    expect(productSourceUrl('not a url', ['https://shop.com/p/1'], null)).toBe('https://shop.com/p/1');
  });
});

describe('helpers', () => {
  it('withoutTracking keeps what names the page', () => {
    expect(withoutTracking(new URL('https://u:p@shop.com/p?id=1&utm_source=a&ref=b#x'))).toBe('https://shop.com/p?id=1');
  });

  it('sameSite compares registrable domains, short second levels included', () => {
    expect(sameSite(new URL('https://www.shop.com'), new URL('https://m.shop.com'))).toBe(true);
    expect(sameSite(new URL('https://a.shop.co.uk'), new URL('https://shop.co.uk'))).toBe(true);
    expect(sameSite(new URL('https://shop.co.uk'), new URL('https://other.co.uk'))).toBe(false);
    expect(sameSite(new URL('https://shop.com'), new URL('https://shop.com.evil.net'))).toBe(false);
  });

  it('siteLabel names the shop from its host; pathKey is host and path', () => {
    expect(siteLabel(new URL('https://www.everlane.com/products/x'))).toBe('everlane');
    expect(siteLabel(null)).toBeNull();
    expect(pathKey(new URL('https://WWW.Shop.com/P/Dayzy/?a=1'))).toBe('shop.com/P/Dayzy');
    expect(resolveUrl('x', null)).toBeNull();
  });
});
