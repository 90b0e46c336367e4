import type { AtRiskItem, Product } from '@closetly/contracts';
import { withProducts } from './at-risk-products';

const item = (itemId: string): AtRiskItem => ({ itemId, lastUnsavedAt: '2026-11-01T10:00:00.000Z', daysUntilDeletion: 5, savedByUsers: [] });
const product = (id: string, name: string) => ({ id, name }) as Product;

describe('at-risk items with their products', () => {
  const first = '00000000-0000-4000-8000-000000000001';
  const second = '00000000-0000-4000-8000-000000000002';

  it('gives each item its own product, whatever order the catalogue answers in, and keeps the spec fields', () => {
    const answered = withProducts([item(first), item(second)], [product(second, 'Duffel'), product(first, 'Belt Bag')]);
    expect(answered.map(({ itemId, product: found }) => [itemId, found?.name])).toEqual([
      [first, 'Belt Bag'],
      [second, 'Duffel'],
    ]);
    expect(answered[0]).toMatchObject(item(first));
  });

  it('answers null for a product the catalogue no longer holds', () => {
    expect(withProducts([item(first)], [])[0]?.product).toBeNull();
  });
});
