import { describe, expect, it } from '@jest/globals';
import { filterOptions, type SearchFacets } from './filter-options';
import { NO_FILTERS } from './search-url';

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
  colour: [],
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
    const options = filterOptions(facets, { price: ['50-100'], gender: ['Men'], brand: ['Mango'] });
    expect(options.price.map((option) => [option.label, option.count, option.checked])).toEqual([
      ['Under $50', 12, false],
      ['$50-$100', 0, true],
      ['Over $200', 1, false],
    ]);
    expect(options.gender.map((option) => option.value)).toEqual(['Women', 'Men', 'Unisex']);
    expect(options.brand.at(-1)).toEqual({ value: 'Mango', label: 'Mango', count: 0, checked: true });
  });

  it('shows only the ticked values when there is no answer (loading or failed)', () => {
    expect(filterOptions(undefined, NO_FILTERS)).toEqual({ price: [], gender: [], brand: [] });
    expect(filterOptions(undefined, { ...NO_FILTERS, gender: ['Women'] }).gender).toEqual([{ value: 'Women', label: 'Women', count: 0, checked: true }]);
  });
});
