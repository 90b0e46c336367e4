import {
  MAX_FILTER_VALUES,
  MAX_SEARCH_PAGE,
  PRICE_BANDS,
  SEARCH_COLOURS,
  SEARCH_GENDERS,
  type PriceBand,
  type SearchColour,
  type SearchGender,
} from '@closetly/contracts';

/**
 * What the results page shows, as the URL holds it (`/search?q=…&price=…&gender=…&brand=…&colour=…&page=…`),
 * so Back and a shared link show the same page. Filters repeat their key, as the API takes them.
 */
export interface SearchFilters {
  price: PriceBand[];
  gender: SearchGender[];
  brand: string[];
  /** Colour families (SEARCH_COLOURS ids). */
  colour: SearchColour[];
  /** "On sale" (issue 25): [SALE_VALUE] when ticked, as `sale=1` in the URL and the API call; a group of one checkbox. */
  sale: SaleValue[];
}

export const SALE_VALUE = '1';
export type SaleValue = typeof SALE_VALUE;

export type FilterGroup = keyof SearchFilters;
export type FilterValue<G extends FilterGroup> = SearchFilters[G][number];

export interface SearchState extends SearchFilters {
  /** The terms, trimmed; '' when there are none (nothing is searched). */
  q: string;
  /** 1-based. */
  page: number;
}

/** The URL's groups, in the order it writes them (the panel shows Sale first). */
export const FILTER_GROUPS: readonly FilterGroup[] = ['price', 'gender', 'brand', 'colour', 'sale'];
export const NO_FILTERS: SearchFilters = { price: [], gender: [], brand: [], colour: [], sale: [] };
const MAX_BRAND_LENGTH = 200;

const PRICE_IDS: readonly string[] = PRICE_BANDS.map((band) => band.id);
const isPriceBand = (value: string): value is PriceBand => PRICE_IDS.includes(value);
const isSearchGender = (value: string): value is SearchGender => (SEARCH_GENDERS as readonly string[]).includes(value);
const isSearchColour = (value: string): value is SearchColour => (SEARCH_COLOURS as readonly string[]).includes(value);

/** Each value once, in the order first given, and no more than the API takes. */
function distinct<T>(values: readonly T[]): T[] {
  return [...new Set(values)].slice(0, MAX_FILTER_VALUES);
}

/**
 * Reads the page's state from its query string. Values a hand-edited or old link may carry that the
 * API would refuse (an unknown band, gender or colour, a blank brand, a page that is no number) are dropped
 * or fall back to page 1, so such a link still shows results rather than an error.
 */
export function readSearchState(params: URLSearchParams): SearchState {
  const pageText = params.get('page')?.trim() ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Math.min(Math.max(Number(pageText), 1), MAX_SEARCH_PAGE) : 1;
  return {
    q: (params.get('q') ?? '').trim(),
    page,
    price: distinct(params.getAll('price').filter(isPriceBand)),
    gender: distinct(params.getAll('gender').filter(isSearchGender)),
    brand: distinct(params.getAll('brand').map((brand) => brand.trim()).filter((brand) => brand !== '' && brand.length <= MAX_BRAND_LENGTH)),
    colour: distinct(params.getAll('colour').filter(isSearchColour)),
    sale: params.getAll('sale').some((value) => value === SALE_VALUE || value === 'true') ? [SALE_VALUE] : [],
  };
}

/** The query string for a state: q, then each filter value, then the page when it is not the first. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('q', state.q);
  for (const group of FILTER_GROUPS) for (const value of state[group]) params.append(group, value);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

export function hasFilters(filters: SearchFilters): boolean {
  return FILTER_GROUPS.some((group) => filters[group].length > 0);
}

export function isChecked<G extends FilterGroup>(filters: SearchFilters, group: G, value: FilterValue<G>): boolean {
  return (filters[group] as readonly string[]).includes(value);
}

/** Ticks a value that was not ticked, or unticks it. */
export function toggleFilter<G extends FilterGroup>(filters: SearchFilters, group: G, value: FilterValue<G>): SearchFilters {
  const current = filters[group] as readonly string[];
  const next = current.includes(value) ? current.filter((each) => each !== value) : distinct([...current, value]);
  return { ...filters, [group]: next };
}

export function filtersOf(state: SearchState): SearchFilters {
  return { price: state.price, gender: state.gender, brand: state.brand, colour: state.colour, sale: state.sale };
}

/** Other filters show other results: back to the first page. */
export function withFilters(state: SearchState, filters: SearchFilters): SearchState {
  return { ...state, ...filters, page: 1 };
}

export function withPage(state: SearchState, page: number): SearchState {
  return { ...state, page };
}
