import { cleanProductList, type CatalogueProductInput } from './catalogue-list';

interface Row extends CatalogueProductInput {
  id: string;
}

const product = (overrides: Partial<Row> & { id: string }): Row => ({
  name: 'Cable Knit Cardigan',
  brand: 'COS',
  price: 89,
  imageUrl: 'https://img.example/1.jpg',
  sourceUrl: 'https://cos.example/p/1',
  ...overrides,
});

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

describe('cleanProductList (spec §5)', () => {
  it('drops products lacking name, brand or price', () => {
    const rows = [
      product({ id: 'ok', name: 'A' }),
      product({ id: 'no-name', name: null }),
      product({ id: 'blank-name', name: '   ' }),
      product({ id: 'no-brand', name: 'B', brand: undefined }),
      product({ id: 'blank-brand', name: 'C', brand: '' }),
      product({ id: 'no-price', name: 'D', price: null }),
      product({ id: 'blank-price', name: 'E', price: ' ' }),
      product({ id: 'unreadable-price', name: 'F', price: 'Call for price' }),
      product({ id: 'negative-price', name: 'G', price: -1 }),
      product({ id: 'zero', name: 'H', price: 0 }),
      product({ id: 'free', name: 'I', price: 'Free' }),
      product({ id: 'sale-text', name: 'J', price: 'Was $80 Now $59.99' }),
    ];
    expect(ids(cleanProductList(rows))).toEqual(['ok', 'zero', 'sale-text']);
  });

  it('de-duplicates by name plus brand, ignoring case and spacing, keeping the first', () => {
    const rows = [
      product({ id: 'first' }),
      product({ id: 'same-pair-other-case', name: ' cable knit  CARDIGAN ', brand: 'cos', price: 50 }),
      product({ id: 'same-name-other-brand', brand: 'Arket' }),
      product({ id: 'same-brand-other-name', name: 'Cable Knit Jumper' }),
      product({ id: 'dropped-before-dedupe', name: 'Other', price: null }),
      product({ id: 'kept-after-dropped', name: 'Other' }),
    ];
    expect(ids(cleanProductList(rows))).toEqual(['first', 'same-name-other-brand', 'same-brand-other-name', 'kept-after-dropped']);
  });

  it('does not confuse pairs that only join to the same text', () => {
    const rows = [product({ id: 'a', name: 'Tee ab', brand: 'c' }), product({ id: 'b', name: 'Tee a', brand: 'bc' })];
    expect(ids(cleanProductList(rows))).toEqual(['a', 'b']);
  });

  it("falls back to '#' for a missing source link and to null (the placeholder) for a missing image", () => {
    const [cleaned] = cleanProductList([product({ id: 'x', sourceUrl: undefined, imageUrl: '  ' })]);
    expect(cleaned).toEqual({ id: 'x', name: 'Cable Knit Cardigan', brand: 'COS', price: 89, imageUrl: null, sourceUrl: '#' });
  });

  it('reads image when imageUrl is missing, and passes every other field through unchanged', () => {
    const [cleaned] = cleanProductList([{ id: 'y', name: 'Tote', brand: 'Baggu', price: '$32', image: 'https://img.example/t.jpg', sourceUrl: 'not a url' }]);
    expect(cleaned).toEqual({ id: 'y', name: 'Tote', brand: 'Baggu', price: '$32', image: 'https://img.example/t.jpg', imageUrl: 'https://img.example/t.jpg', sourceUrl: 'not a url' });
  });

  it('keeps the order and returns an empty list for an empty one', () => {
    expect(ids(cleanProductList([product({ id: '2', name: 'B' }), product({ id: '1', name: 'A' })]))).toEqual(['2', '1']);
    expect(cleanProductList([])).toEqual([]);
  });
});
