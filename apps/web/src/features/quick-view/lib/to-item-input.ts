import { type ItemInput, parsePrice, type ProductView } from '@closetly/contracts';

/** The item POST /api/save takes, from a product the catalogue already knows (same name, brand and link, so the same product). */
export function toItemInput(product: ProductView): ItemInput {
  // The text keeps the currency; a text saved before the save request read prices strictly ("$59.99 in 3 colours") falls back to the amount.
  const price = product.priceText?.trim() && parsePrice(product.priceText, { strict: true }).amount !== null ? product.priceText : (product.price ?? 'N/A');
  return {
    name: product.name,
    brand: product.brand,
    price,
    ...(product.imageUrl ? { imageUrl: product.imageUrl } : {}),
    description: product.description,
    ...(product.sourceUrl && product.sourceUrl !== '#' ? { sourceUrl: product.sourceUrl } : {}),
    gender: product.gender,
    // The stated colour travels with the save, so this saver's capture agrees with the others'.
    ...(product.colour?.trim() ? { colour: product.colour.trim() } : {}),
  };
}
