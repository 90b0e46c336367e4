import type { Capture, Product } from '@closetly/contracts';
import { productIdFor, productKey } from '@closetly/catalogue-rules';

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
    colour: overrides.colour ?? null,
  };
  return { ...fields, productKey: overrides.productKey ?? productKey(fields) };
}

/** A shared product as the catalogue publishes it (catalogue.product-upserted.v1), derived from `capture()`'s defaults. */
export function product(overrides: Partial<Product> = {}): Product {
  const from = capture();
  return {
    id: productIdFor(from.productKey),
    name: from.name,
    brand: from.brand,
    price: from.price,
    currency: from.currency,
    priceText: from.priceText,
    imageUrl: from.imageUrl,
    description: from.description,
    sourceUrl: from.sourceUrl,
    retailer: 'boutique.example',
    gender: 'Unisex',
    category: from.category,
    listed: false,
    hidden: false,
    updatedAt: new Date().toISOString(),
    ...overrides,
    colour: overrides.colour ?? null,
  };
}
