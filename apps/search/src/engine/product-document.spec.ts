import { Product, ProductView } from '@closetly/contracts';
import { product } from '@closetly/testing';
import { ProductDocument, toProductDocument, toProductView, utcInstant } from './product-document';

describe('toProductDocument', () => {
  it('keeps every field of the product view, drops listing and moderation flags, normalises updatedAt to UTC', () => {
    const catalogue: Product = product({
      price: 59.99,
      currency: 'GBP',
      priceText: 'Was £80 Now £59.99',
      retailer: 'asos.com',
      gender: 'Women',
      category: 'tops',
      listed: true,
      hidden: false,
      displayImageUrl: '/api/proxy-image?url=x&sig=y',
      updatedAt: '2025-04-02T10:30:00+02:00',
    });

    const doc = toProductDocument(catalogue);

    expect(doc).toEqual({
      id: catalogue.id,
      name: 'Cable Knit Jumper',
      brand: 'COS',
      price: 59.99,
      currency: 'GBP',
      priceText: 'Was £80 Now £59.99',
      imageUrl: 'https://images.example/cable-knit.jpg',
      description: 'A chunky jumper in soft wool.',
      sourceUrl: 'https://boutique.example/p/cable-knit',
      retailer: 'asos.com',
      gender: 'Women',
      category: 'tops',
      colour: null,
      updatedAt: '2025-04-02T08:30:00.000Z',
      priceDrop: null,
      available: true,
    });
    expect(ProductDocument.parse(doc)).toEqual(doc);
  });

  it('keeps the nulls of a product without price, currency, image or retailer', () => {
    const doc = toProductDocument(product({ price: null, currency: null, priceText: null, imageUrl: null, retailer: null }));
    expect(doc).toMatchObject({ price: null, currency: null, priceText: null, imageUrl: null, retailer: null });
    expect(ProductDocument.safeParse(doc).success).toBe(true);
  });

  it('refuses an updatedAt that is not an instant', () => {
    expect(() => toProductDocument(product({ updatedAt: 'yesterday' }))).toThrow(RangeError);
  });
});

describe('toProductView', () => {
  it('answers exactly the product view of the catalogue product it was made from', () => {
    const catalogue = product({ listed: true, updatedAt: '2025-04-02T08:30:00.000Z', priceDrop: { percent: 12, from: 100, to: 88, since: '2025-04-01T08:30:00.000Z' }, available: false });
    const view = toProductView(toProductDocument(catalogue));
    const { listed: _listed, hidden: _hidden, ...expected } = catalogue;
    expect(view).toEqual(expected);
    expect(ProductView.strict().parse(view)).toEqual(view);
  });

  it('copies only the view fields, whatever else a stored document carries', () => {
    const doc = { ...toProductDocument(product()), allText: 'engine field', _score: 3 } as ProductDocument;
    expect(Object.keys(toProductView(doc)).sort()).toEqual(Object.keys(ProductView.shape).filter((key) => key !== 'displayImageUrl').sort());
  });
});

describe('utcInstant', () => {
  it('writes any ISO instant in UTC with milliseconds', () => {
    expect(utcInstant('2025-01-01T02:00:00+02:00')).toBe('2025-01-01T00:00:00.000Z');
    expect(utcInstant('2025-01-01T00:00:00Z')).toBe('2025-01-01T00:00:00.000Z');
  });
});
