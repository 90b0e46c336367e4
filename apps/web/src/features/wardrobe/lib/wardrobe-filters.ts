import { normaliseGender, priceBand, type PriceBand, type ProductGender } from '@closetly/catalogue-rules';
import type { WardrobeItem } from '@closetly/contracts';
import { isOnSale } from '../../../lib/price-badges';

export interface WardrobeFilters {
  /** '' shows every gender. */
  gender: ProductGender | '';
  priceBand: PriceBand | '';
  brand: string;
  /** Only the items whose price dropped in the last 7 days (the "Price dropped" badge, issue 25). */
  sale: boolean;
}

export const NO_FILTERS: WardrobeFilters = { gender: '', priceBand: '', brand: '', sale: false };

export const hasWardrobeFilters = (filters: WardrobeFilters): boolean => filters.gender !== '' || filters.priceBand !== '' || filters.brand !== '' || filters.sale;

/**
 * Spec §5: the gender filter accepts Women, Men, Unisex or empty, and an item's gender that is
 * anything else counts as Unisex (normaliseGender). Price bands as in catalogue-rules; an item
 * without a price matches no band. Brands compare without case. Sale keeps the items carrying a price drop.
 */
export function filterWardrobe(items: readonly WardrobeItem[], filters: WardrobeFilters): WardrobeItem[] {
  const brand = filters.brand.trim().toLowerCase();
  return items.filter(
    (item) =>
      (filters.gender === '' || normaliseGender(item.gender) === filters.gender) &&
      (filters.priceBand === '' || priceBand(item.price) === filters.priceBand) &&
      (brand === '' || item.brand.trim().toLowerCase() === brand) &&
      (!filters.sale || isOnSale(item)),
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
