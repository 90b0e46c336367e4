import { prepareDocuments, resolveSearchQuery, resolveSuggestionLimit, type ProductDocument } from './product-search-index';

const doc = (id: string, name: string, updatedAt = '2025-01-01T00:00:00.000Z'): ProductDocument => ({
  id,
  name,
  brand: 'Acme',
  description: '',
  price: null,
  currency: 'USD',
  priceText: null,
  gender: 'Unisex',
  category: 'tops',
  colour: null,
  imageUrl: '',
  sourceUrl: '',
  retailer: '',
  updatedAt,
});

describe('resolveSearchQuery', () => {
  it('applies the spec defaults: page 1 of 25', () => {
    expect(resolveSearchQuery({})).toEqual({ terms: [], understood: undefined, gender: [], brands: [], priceBands: [], colours: [], onSale: false, saleSince: null, page: 1, pageSize: 25, offset: 0, keptFrom: 0 });
  });

  it('trims terms and drops blank and repeated values', () => {
    const query = resolveSearchQuery({ terms: [' denim ', '', 'denim', 'coat'], brands: ['Levi', 'Levi'], page: 3, pageSize: 10 });
    expect(query).toMatchObject({ terms: ['denim', 'coat'], brands: ['Levi'], offset: 20 });
  });

  it('refuses pages under 1, sizes over 100 and unknown bands', () => {
    expect(() => resolveSearchQuery({ page: 0 })).toThrow();
    expect(() => resolveSearchQuery({ pageSize: 101 })).toThrow();
    expect(() => resolveSearchQuery({ priceBands: ['under-10' as never] })).toThrow();
  });
});

describe('prepareDocuments', () => {
  it('keeps the last copy of an id and normalises updatedAt to UTC', () => {
    const untagged = { audience: 'Unisex', garments: [], colours: [] };
    expect(prepareDocuments([doc('a', 'First'), doc('b', 'Other'), doc('a', 'Second', '2025-01-01T02:00:00+02:00')])).toEqual([
      { ...doc('b', 'Other'), ...untagged },
      { ...doc('a', 'Second', '2025-01-01T00:00:00.000Z'), ...untagged },
    ]);
  });

  it('reads each document\'s garment and colour tags', () => {
    const [tagged] = prepareDocuments([{ ...doc('a', 'Suede Chelsea Boots'), category: 'shoes', colour: 'Chocolate Brown' }]);
    expect(tagged).toMatchObject({ garments: ['chelsea-boots', 'boots'], colours: ['brown', 'chocolate'] });
  });
});

describe('resolveSuggestionLimit', () => {
  it('defaults to 5 and keeps within 1..20', () => {
    expect([undefined, 0, 3, 50, Number.NaN].map(resolveSuggestionLimit)).toEqual([5, 1, 3, 20, 5]);
  });
});
