import { canonicalSourceUrl } from '@closetly/catalogue-rules';
import { capture } from '@closetly/testing';
import { pageAddress } from './page-address';

describe('pageAddress', () => {
  const of = (sourceUrl: string) => pageAddress(capture({ sourceUrl }));

  it('reads the saver\'s link over https, with its host as the shop spells it', () => {
    expect(of('http://www.zara.com/us/en/coat-p0123.html')).toBe('https://www.zara.com/us/en/coat-p0123.html');
    expect(of('https://WWW.Zara.com/us/en/Coat-p0123.html?v1=42')).toBe('https://www.zara.com/us/en/Coat-p0123.html?v1=42');
  });

  it('sends the shop nothing about the saver: no credentials, fragment or tracking parameters', () => {
    expect(of('https://ada:secret@www.zara.com/us/en/coat-p0123.html?utm_source=mail&v1=42&gclid=abc#reviews')).toBe('https://www.zara.com/us/en/coat-p0123.html?v1=42');
  });

  it('is the product\'s own page: its canonical address makes the product\'s key', () => {
    const link = 'https://www.asos.com/p/jumper/12345?colour=navy&utm_medium=app';
    expect(`url:${canonicalSourceUrl(of(link))}`).toBe(capture({ sourceUrl: link }).productKey);
  });

  it('is null for a product keyed by name and brand', () => {
    expect(of('#')).toBeNull();
    expect(pageAddress({ sourceUrl: 'https://www.zara.com/x', productKey: 'name:["coat","zara"]' })).toBeNull();
  });
});
