import { describe, expect, it } from '@jest/globals';
import type { ProductView } from '@closetly/contracts';
import { cleanProducts } from './clean-products';

let counter = 0;
const product = (overrides: Partial<ProductView> = {}): ProductView => {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: `Item ${counter}`,
    brand: 'Acme',
    price: 10,
    currency: 'USD',
    priceText: null,
    imageUrl: null,
    displayImageUrl: null,
    description: '',
    sourceUrl: '#',
    retailer: null,
    gender: 'Unisex',
    category: 'tops',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
    colour: overrides.colour ?? null,
  };
};

describe('cleanProducts', () => {
  it('drops products without a name, brand or price and keeps the rest untouched, in order', () => {
    const free = product({ price: 0 });
    const noLink = product({ imageUrl: null, sourceUrl: '' });
    const cleaned = cleanProducts([product({ name: ' ' }), free, product({ brand: '' }), product({ price: null, priceText: 'Call for price' }), noLink]);
    expect(cleaned).toEqual([free, noLink]);
    expect(cleaned[1]).toBe(noLink);
  });

  it('keeps the first of each name + brand, whatever the case and spacing, and each id once', () => {
    const first = product({ name: 'Cable Knit Cardigan', brand: 'COS' });
    const again = product({ name: 'cable knit  cardigan ', brand: 'cos' });
    const other = product({ name: 'Cable Knit Cardigan', brand: 'Arket' });
    expect(cleanProducts([first, again, other, first])).toEqual([first, other]);
  });
});
