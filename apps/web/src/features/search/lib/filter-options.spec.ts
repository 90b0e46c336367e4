import { describe, expect, it } from '@jest/globals';
import { filterOptions, searchFilterChips, withoutSearchChip, type SearchFacets } from './filter-options';
import { NO_FILTERS, readSearchState, toSearchParams, withFilters } from './search-url';

const facets: SearchFacets = {
  price: [
    { value: 'over-200', label: 'Over $200', count: 1 },
    { value: 'under-50', label: 'Under $50', count: 12 },
  ],
  gender: [
    { value: 'Unisex', count: 2 },
    { value: 'Women', count: 11 },
  ],
  brand: [
    { value: 'Zara', count: 9 },
    { value: 'Acme', count: 4 },
  ],
  colour: [
    { value: 'multi', label: 'Multicolour', count: 1 },
    { value: 'blue', label: 'Blue', count: 6 },
    { value: 'black', label: 'Black', count: 3 },
  ],
};

describe('filterOptions', () => {
  it('lists the counted values with their counts, bands and genders in their usual order and brands as ranked', () => {
    const options = filterOptions(facets, { ...NO_FILTERS, brand: ['Acme'] });
    expect(options.price).toEqual([
      { value: 'under-50', label: 'Under $50', count: 12, checked: false },
      { value: 'over-200', label: 'Over $200', count: 1, checked: false },
    ]);
    expect(options.gender.map((option) => option.value)).toEqual(['Women', 'Unisex']);
    expect(options.brand).toEqual([
      { value: 'Zara', label: 'Zara', count: 9, checked: false },
      { value: 'Acme', label: 'Acme', count: 4, checked: true },
    ]);
  });

  it('keeps a ticked value the answer does not count, with 0, so it can be unticked', () => {
    const options = filterOptions(facets, { price: ['50-100'], gender: ['Men'], brand: ['Mango'], colour: [], sale: [] });
    expect(options.price.map((option) => [option.label, option.count, option.checked])).toEqual([
      ['Under $50', 12, false],
      ['$50-$100', 0, true],
      ['Over $200', 1, false],
    ]);
    expect(options.gender.map((option) => option.value)).toEqual(['Women', 'Men', 'Unisex']);
    expect(options.brand.at(-1)).toEqual({ value: 'Mango', label: 'Mango', count: 0, checked: true });
  });

  it('lists colour families in the Colour filter\'s order with their counts, the ticked ones checked', () => {
    expect(filterOptions(facets, { ...NO_FILTERS, colour: ['blue'] }).colour).toEqual([
      { value: 'black', label: 'Black', count: 3, checked: false },
      { value: 'blue', label: 'Blue', count: 6, checked: true },
      { value: 'multi', label: 'Multicolour', count: 1, checked: false },
    ]);
  });

  it('keeps a ticked colour the answer does not count, named by its label, with 0', () => {
    expect(filterOptions(facets, { ...NO_FILTERS, colour: ['grey', 'blue'] }).colour).toEqual([
      { value: 'black', label: 'Black', count: 3, checked: false },
      { value: 'grey', label: 'Grey', count: 0, checked: true },
      { value: 'blue', label: 'Blue', count: 6, checked: true },
      { value: 'multi', label: 'Multicolour', count: 1, checked: false },
    ]);
    // An answer that counts no colours (a server not filing colours yet) still lists what is ticked.
    expect(filterOptions({ ...facets, colour: [] }, { ...NO_FILTERS, colour: ['pink'] }).colour).toEqual([
      { value: 'pink', label: 'Pink', count: 0, checked: true },
    ]);
  });

  it('always offers On sale, uncounted, ticked as the filters say', () => {
    expect(filterOptions(facets, NO_FILTERS).sale).toEqual([{ value: '1', label: 'On sale', count: null, checked: false }]);
    expect(filterOptions(facets, { ...NO_FILTERS, sale: ['1'] }).sale).toEqual([{ value: '1', label: 'On sale', count: null, checked: true }]);
  });

  it('shows only the ticked values when there is no answer (loading or failed)', () => {
    expect(filterOptions(undefined, NO_FILTERS)).toEqual({ price: [], gender: [], brand: [], colour: [], sale: [{ value: '1', label: 'On sale', count: null, checked: false }] });
    expect(filterOptions(undefined, { ...NO_FILTERS, gender: ['Women'] }).gender).toEqual([{ value: 'Women', label: 'Women', count: 0, checked: true }]);
  });
});

describe('searchFilterChips (the active filters above the results, issue 26)', () => {
  it('is empty without filters', () => {
    expect(searchFilterChips(NO_FILTERS)).toEqual([]);
  });

  it('names each active value with its group, in the panel order (Sale first), values in the order ticked', () => {
    const chips = searchFilterChips({ price: ['over-200', 'under-50'], gender: ['Women'], brand: ['Zara', '& Other Stories'], colour: ['multi'], sale: ['1'] });
    expect(chips.map(({ name, value }) => (name ? `${name} ${value}` : value))).toEqual([
      'On sale',
      'Price Over $200',
      'Price Under $50',
      'Gender Women',
      'Brand Zara',
      'Brand & Other Stories',
      'Colour Multicolour',
    ]);
    expect(new Set(chips.map((chip) => chip.key)).size).toBe(chips.length);
  });

  it('removing a chip drops that value only, and the URL follows (back to page 1)', () => {
    const state = readSearchState(new URLSearchParams('q=coat&brand=Zara&brand=Mango&price=under-50&page=3'));
    const chips = searchFilterChips(state);
    const zara = chips.find((chip) => chip.value === 'Zara');
    expect(zara).toBeDefined();
    const next = withFilters(state, withoutSearchChip(state, zara?.key ?? ''));
    expect(toSearchParams(next).toString()).toBe('q=coat&price=under-50&brand=Mango');
    expect(searchFilterChips(next).map((chip) => chip.value)).toEqual(['Under $50', 'Mango']);
  });

  it('an unknown key changes nothing, and a brand that looks like another group is still a brand', () => {
    const filters = { ...NO_FILTERS, brand: ['price=under-50'] };
    expect(withoutSearchChip(filters, 'brand=Gone')).toBe(filters);
    expect(withoutSearchChip({ ...filters, price: ['under-50' as const] }, 'price=under-50')).toEqual(filters);
  });
});
