import type { AtRiskItem, Product } from '@closetly/contracts';

/**
 * Each at-risk item with its product as the catalogue holds it now (name, picture, state for the
 * product dialog), or null when the catalogue no longer holds it (the sweep removed it meanwhile).
 */
export function withProducts(items: readonly AtRiskItem[], products: readonly Product[]): AtRiskItem[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  return items.map((item) => ({ ...item, product: byId.get(item.itemId) ?? null }));
}
