import { validate as isUuid, version as uuidVersion } from 'uuid';
import { nameBrandKey, productIdFor, productKey } from './product-identity';

describe('product identity', () => {
  it('keys a product by its canonical page when it has one', () => {
    expect(productKey({ sourceUrl: 'http://WWW.Zara.com/us/p1.html/?utm_source=x#top', name: 'Shirt', brand: 'Zara' })).toBe('url:https://zara.com/us/p1.html');
  });

  it('keys a product by name and brand without a usable link', () => {
    for (const sourceUrl of [undefined, null, '', '#', 'javascript:alert(1)', '/relative']) {
      expect(productKey({ sourceUrl, name: ' Cable  Knit Cardigan ', brand: 'COS' })).toBe('name:["cable knit cardigan","cos"]');
    }
  });

  it('compares name and brand without case, spacing or Unicode form', () => {
    expect(nameBrandKey('Café  Tee', 'ÉTUDE')).toBe(nameBrandKey('cafe\u0301 tee', 'e\u0301tude'));
    expect(nameBrandKey('a|b', 'c')).not.toBe(nameBrandKey('a', 'b|c'));
  });

  it('derives one UUIDv5 per key, the same every time, different for different keys', () => {
    const id = productIdFor('url:https://zara.com/us/p1.html');
    expect(isUuid(id)).toBe(true);
    expect(uuidVersion(id)).toBe(5);
    expect(productIdFor('url:https://zara.com/us/p1.html')).toBe(id);
    expect(productIdFor('url:https://zara.com/us/P1.html')).not.toBe(id);
  });
});
