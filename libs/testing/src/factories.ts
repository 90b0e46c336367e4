import type { Capture } from '@closetly/contracts';
import { productKey } from '@closetly/catalogue-rules';

/**
 * A shopper's capture as the wardrobe keeps it (see captureFrom), from a shop
 * that is not a supported retailer. The product key follows the link, else
 * name and brand, unless one is given.
 */
export function capture(overrides: Partial<Capture> = {}): Capture {
  const fields: Omit<Capture, 'productKey'> = {
    name: 'Cable Knit Jumper',
    brand: 'COS',
    price: 89,
    currency: 'USD',
    priceText: '$89.00',
    imageUrl: 'https://images.example/cable-knit.jpg',
    description: 'A chunky jumper in soft wool.',
    sourceUrl: 'https://boutique.example/p/cable-knit',
    gender: null,
    category: 'tops',
    ...overrides,
  };
  return { ...fields, productKey: overrides.productKey ?? productKey(fields) };
}
