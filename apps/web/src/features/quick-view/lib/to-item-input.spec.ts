import { describe, expect, it } from '@jest/globals';
import type { ProductView } from '@closetly/contracts';
import { toItemInput } from './to-item-input';

const product = (overrides: Partial<ProductView> = {}): ProductView => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Slim Jeans',
  brand: 'Acme',
  price: 59.99,
  currency: 'USD',
  priceText: '$59.99',
  imageUrl: 'https://images.example.com/jeans.jpg',
  displayImageUrl: null,
  description: 'Stretch denim.',
  sourceUrl: 'https://www.asos.com/acme/slim-jeans/prd/1',
  retailer: 'ASOS',
  gender: 'Women',
  category: 'bottoms',
  colour: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('toItemInput', () => {
  it('saves what the catalogue shows: name, brand, the price as written, image, description, link and gender', () => {
    expect(toItemInput(product())).toEqual({
      name: 'Slim Jeans',
      brand: 'Acme',
      price: '$59.99',
      imageUrl: 'https://images.example.com/jeans.jpg',
      description: 'Stretch denim.',
      sourceUrl: 'https://www.asos.com/acme/slim-jeans/prd/1',
      gender: 'Women',
    });
  });

  it('carries the stated colour, and none when there is none', () => {
    expect(toItemInput(product({ colour: ' Navy ' })).colour).toBe('Navy');
    expect(toItemInput(product({ colour: null }))).not.toHaveProperty('colour');
    expect(toItemInput(product({ colour: '  ' }))).not.toHaveProperty('colour');
  });

  it('sends the amount when the stored price text is more than a price, which the save request refuses', () => {
    expect(toItemInput(product({ priceText: '$59.99 in 3 colours' })).price).toBe(59.99);
  });

  it('leaves out a missing link and image, and falls back to the amount or N/A', () => {
    const input = toItemInput(product({ sourceUrl: '#', imageUrl: null, priceText: null, price: null }));
    expect(input).not.toHaveProperty('sourceUrl');
    expect(input).not.toHaveProperty('imageUrl');
    expect(input.price).toBe('N/A');
  });
});
