import { describe, expect, it } from '@jest/globals';
import { MAX_FILTER_VALUES, MAX_SEARCH_PAGE } from '@closetly/contracts';
import { NO_FILTERS, filtersOf, hasFilters, readSearchState, toSearchParams, toggleFilter, withFilters, withPage, type SearchState } from './search-url';

const read = (query: string) => readSearchState(new URLSearchParams(query));
const state = (change: Partial<SearchState> = {}): SearchState => ({ q: 'linen shirt', page: 1, ...NO_FILTERS, ...change });

describe('readSearchState', () => {
  it('reads the terms, each filter value and the page', () => {
    expect(read('q=linen+shirt&price=under-50&price=50-100&gender=Men&brand=H%26M&brand=Zara&colour=blue&colour=black&page=3')).toEqual({
      q: 'linen shirt',
      page: 3,
      price: ['under-50', '50-100'],
      gender: ['Men'],
      brand: ['H&M', 'Zara'],
      colour: ['blue', 'black'],
      sale: [],
    });
  });

  it('reads sale=1 (or true) as On sale, and anything else as all products', () => {
    expect(read('q=tee&sale=1').sale).toEqual(['1']);
    expect(read('q=tee&sale=true&sale=1').sale).toEqual(['1']);
    expect(read('q=tee&sale=0').sale).toEqual([]);
    expect(read('q=tee&sale=yes').sale).toEqual([]);
  });

  it('is an empty search on the first page without filters when the URL says nothing', () => {
    expect(read('')).toEqual({ q: '', page: 1, ...NO_FILTERS });
    expect(read('q=%20%20')).toEqual({ q: '', page: 1, ...NO_FILTERS });
  });

  it('drops values the API would refuse, so an edited or old link still shows results', () => {
    expect(read('q=tee&price=cheap&price=over-200&gender=Kids&gender=women&gender=Unisex&brand=%20&brand=%20Acme%20&colour=navy&colour=Blue&colour=%20red&colour=red')).toEqual({
      q: 'tee',
      page: 1,
      price: ['over-200'],
      gender: ['Unisex'],
      brand: ['Acme'],
      colour: ['red'],
      sale: [],
    });
    expect(read(`q=tee&brand=${'x'.repeat(201)}`).brand).toEqual([]);
  });

  it('keeps each value once and no more than the API takes', () => {
    expect(read('q=tee&brand=Acme&brand=Acme&gender=Men&gender=Men').brand).toEqual(['Acme']);
    expect(read('q=tee&colour=blue&colour=black&colour=blue').colour).toEqual(['blue', 'black']);
    const many = Array.from({ length: MAX_FILTER_VALUES + 5 }, (_, i) => `brand=B${i}`).join('&');
    expect(read(`q=tee&${many}`).brand).toHaveLength(MAX_FILTER_VALUES);
  });

  it.each([
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['two', 1],
    ['', 1],
    ['1e3', 1],
    ['7', 7],
    [' 4 ', 4],
    ['999999', MAX_SEARCH_PAGE],
  ])('reads page=%p as page %p', (page, expected) => {
    expect(read(`q=tee&page=${page}`).page).toBe(expected);
  });
});

describe('toSearchParams', () => {
  it('writes q, then every filter value, then the page when it is not the first', () => {
    const params = toSearchParams(state({ page: 2, price: ['50-100'], gender: ['Women', 'Unisex'], brand: ['& Other Stories'], colour: ['blue', 'black'] }));
    expect(params.toString()).toBe('q=linen+shirt&price=50-100&gender=Women&gender=Unisex&brand=%26+Other+Stories&colour=blue&colour=black&page=2');
    expect(toSearchParams(state()).toString()).toBe('q=linen+shirt');
    expect(toSearchParams(state({ brand: ['Zara'], sale: ['1'] })).toString()).toBe('q=linen+shirt&brand=Zara&sale=1');
  });

  it('round-trips through the URL', () => {
    const original = state({ q: 'a "quoted" term: OR (x)', page: 4, price: ['over-200', 'under-50'], gender: ['Men'], brand: ['Zara', 'H&M'], colour: ['multi', 'beige'], sale: ['1'] });
    expect(readSearchState(new URLSearchParams(toSearchParams(original).toString()))).toEqual(original);
  });
});

describe('filter changes', () => {
  it('toggleFilter ticks a value and unticks it again, leaving the other groups alone', () => {
    const ticked = toggleFilter({ ...NO_FILTERS, gender: ['Men'] }, 'brand', 'Zara');
    expect(ticked).toEqual({ ...NO_FILTERS, gender: ['Men'], brand: ['Zara'] });
    expect(toggleFilter(toggleFilter(ticked, 'brand', 'Acme'), 'brand', 'Zara')).toEqual({ ...NO_FILTERS, gender: ['Men'], brand: ['Acme'] });
    expect(toggleFilter(ticked, 'gender', 'Men')).toEqual({ ...NO_FILTERS, brand: ['Zara'] });
  });

  it('toggleFilter ticks and unticks a colour family beside the other groups', () => {
    const blue = toggleFilter({ ...NO_FILTERS, brand: ['Zara'] }, 'colour', 'blue');
    expect(blue).toEqual({ ...NO_FILTERS, brand: ['Zara'], colour: ['blue'] });
    expect(toggleFilter(blue, 'colour', 'black').colour).toEqual(['blue', 'black']);
    expect(toggleFilter(blue, 'colour', 'blue')).toEqual({ ...NO_FILTERS, brand: ['Zara'] });
  });

  it('withFilters goes back to the first page; withPage keeps the filters', () => {
    const onPage3 = state({ page: 3, brand: ['Zara'] });
    expect(withFilters(onPage3, toggleFilter(filtersOf(onPage3), 'price', 'under-50'))).toEqual(state({ page: 1, brand: ['Zara'], price: ['under-50'] }));
    expect(withPage(onPage3, 4)).toEqual(state({ page: 4, brand: ['Zara'] }));
    const coloured = state({ page: 2, colour: ['blue'] });
    expect(filtersOf(coloured)).toEqual({ ...NO_FILTERS, colour: ['blue'] });
    expect(withFilters(coloured, NO_FILTERS)).toEqual(state({ page: 1 }));
  });

  it('hasFilters is true when any group has a value', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, price: ['under-50'] })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, colour: ['multi'] })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, sale: ['1'] })).toBe(true);
  });
});
