import { normaliseGender, priceBand, type PriceBand, type ProductGender } from '@closetly/catalogue-rules';
import type { WardrobeItem } from '@closetly/contracts';

export interface WardrobeFilters {
  /** '' shows every gender. */
  gender: ProductGender | '';
  priceBand: PriceBand | '';
  brand: string;
}

export const NO_FILTERS: WardrobeFilters = { gender: '', priceBand: '', brand: '' };

/**
 * Spec §5: the gender filter accepts Women, Men, Unisex or empty, and an item's gender that is
 * anything else counts as Unisex (normaliseGender). Price bands as in catalogue-rules; an item
 * without a price matches no band. Brands compare without case.
 */
export function filterWardrobe(items: readonly WardrobeItem[], filters: WardrobeFilters): WardrobeItem[] {
  const brand = filters.brand.trim().toLowerCase();
  return items.filter(
    (item) =>
      (filters.gender === '' || normaliseGender(item.gender) === filters.gender) &&
      (filters.priceBand === '' || priceBand(item.price) === filters.priceBand) &&
      (brand === '' || item.brand.trim().toLowerCase() === brand),
  );
}

/** The brands of the saved items, once each (first spelling kept), sorted. */
export function wardrobeBrands(items: readonly WardrobeItem[]): string[] {
  const seen = new Map<string, string>();
  for (const item of items) {
    const key = item.brand.trim().toLowerCase();
    if (key && !seen.has(key)) seen.set(key, item.brand.trim());
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}
