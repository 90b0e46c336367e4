import { normaliseGender, PRICE_BAND_LABELS, priceBand, type PriceBand, type ProductGender } from '@closetly/catalogue-rules';
import type { FilterChip } from '@/components/ui/active-filter-chips';
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

export type WardrobeFilterField = keyof WardrobeFilters;

/**
 * The active filters as chips above the saved items (issue 26), in the panel's order: "Gender Women",
 * "Price Under $50", "Brand Zara", "Sale". The key is the filter's field.
 */
export function wardrobeFilterChips(filters: WardrobeFilters): Array<FilterChip & { key: WardrobeFilterField }> {
  const chips: Array<FilterChip & { key: WardrobeFilterField }> = [];
  if (filters.gender !== '') chips.push({ key: 'gender', name: 'Gender', value: filters.gender });
  if (filters.priceBand !== '') chips.push({ key: 'priceBand', name: 'Price', value: PRICE_BAND_LABELS[filters.priceBand] ?? filters.priceBand });
  if (filters.brand.trim() !== '') chips.push({ key: 'brand', name: 'Brand', value: filters.brand });
  if (filters.sale) chips.push({ key: 'sale', name: null, value: 'Sale' });
  return chips;
}

/** The filters with one field back to showing everything; unknown keys change nothing. */
export function withoutWardrobeFilter(filters: WardrobeFilters, key: string): WardrobeFilters {
  return Object.hasOwn(NO_FILTERS, key) ? { ...filters, [key]: NO_FILTERS[key as WardrobeFilterField] } : filters;
}
