import { PRICE_BAND_LABELS, PRICE_BANDS, SEARCH_COLOUR_LABELS, SEARCH_COLOURS, SEARCH_GENDERS, type SearchResults } from '@closetly/contracts';
import type { FilterChip } from '@/components/ui/active-filter-chips';
import { FILTER_GROUPS, isChecked, SALE_VALUE, toggleFilter, type FilterGroup, type FilterValue, type SearchFilters } from './search-url';

export interface FilterOption<G extends FilterGroup = FilterGroup> {
  value: FilterValue<G>;
  label: string;
  /** Null when the answer does not count it (On sale has no facet count). */
  count: number | null;
  checked: boolean;
}

export type FilterOptions = { [G in FilterGroup]: FilterOption<G>[] };

export type SearchFacets = SearchResults['facets'];

interface Facet<G extends FilterGroup> {
  value: FilterValue<G>;
  label?: string;
  count: number;
}

/**
 * One group's checkboxes: the values the answer counts, then any ticked value it does not count
 * (nothing matches it any more, or the search failed) with 0, so it can still be unticked; in
 * `order` when given, else as the server ranks them.
 */
function groupOptions<G extends FilterGroup>(
  group: G,
  facets: readonly Facet<G>[],
  filters: SearchFilters,
  labelOf: (value: FilterValue<G>) => string,
  order?: readonly string[],
): FilterOption<G>[] {
  const options: FilterOption<G>[] = facets.map((facet) => ({
    value: facet.value,
    label: facet.label || labelOf(facet.value),
    count: facet.count,
    checked: isChecked(filters, group, facet.value),
  }));
  for (const value of filters[group] as FilterValue<G>[]) {
    if (!options.some((option) => option.value === value)) options.push({ value, label: labelOf(value), count: 0, checked: true });
  }
  return order ? options.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value)) : options;
}

/**
 * The filter panel's checkboxes from the last answer's facet counts: price bands, genders and
 * colour families in their usual order, brands as the server ranks them; and On sale, uncounted.
 */
export function filterOptions(facets: SearchFacets | undefined, filters: SearchFilters): FilterOptions {
  return {
    price: groupOptions('price', facets?.price ?? [], filters, (value) => PRICE_BAND_LABELS[value], PRICE_BANDS.map((band) => band.id)),
    gender: groupOptions('gender', facets?.gender ?? [], filters, (value) => value, SEARCH_GENDERS),
    brand: groupOptions('brand', facets?.brand ?? [], filters, (value) => value),
    colour: groupOptions('colour', facets?.colour ?? [], filters, (value) => SEARCH_COLOUR_LABELS[value], SEARCH_COLOURS),
    // Always offered: the search answer has no count for it.
    sale: [{ value: SALE_VALUE, label: 'On sale', count: null, checked: isChecked(filters, 'sale', SALE_VALUE) }],
  };
}

/** The groups in the order the panel lists them (Sale first), which the chips follow. */
const PANEL_ORDER: readonly FilterGroup[] = ['sale', 'price', 'gender', 'brand', 'colour'];
const CHIP_NAMES: Readonly<Record<FilterGroup, string | null>> = { sale: null, price: 'Price', gender: 'Gender', brand: 'Brand', colour: 'Colour' };

const chipValueLabel = (group: FilterGroup, value: string): string => {
  switch (group) {
    case 'price':
      return PRICE_BAND_LABELS[value as FilterValue<'price'>] ?? value;
    case 'colour':
      return SEARCH_COLOUR_LABELS[value as FilterValue<'colour'>] ?? value;
    case 'sale':
      return 'On sale';
    default:
      return value;
  }
};

/** A chip's key: the group and the value, as the URL writes them (`brand=Zara`). */
const chipKey = (group: FilterGroup, value: string): string => `${group}=${value}`;

/**
 * The active filters as chips above the results (issue 26), in the panel's order and, within a
 * group, in the order ticked: "Price Under $50", "Brand Zara", "On sale".
 */
export function searchFilterChips(filters: SearchFilters): FilterChip[] {
  return PANEL_ORDER.flatMap((group) =>
    (filters[group] as readonly string[]).map((value) => ({ key: chipKey(group, value), name: CHIP_NAMES[group], value: chipValueLabel(group, value) })),
  );
}

/** The filters without the chip's value; the same filters when no chip has that key. */
export function withoutSearchChip(filters: SearchFilters, key: string): SearchFilters {
  for (const group of FILTER_GROUPS) {
    const value = (filters[group] as readonly string[]).find((each) => chipKey(group, each) === key);
    if (value !== undefined) return toggleFilter(filters, group, value as FilterValue<typeof group>);
  }
  return filters;
}
