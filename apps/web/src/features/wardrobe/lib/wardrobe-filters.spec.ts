import { describe, expect, it } from '@jest/globals';
import type { WardrobeItem } from '@closetly/contracts';
import { filterWardrobe, hasWardrobeFilters, NO_FILTERS, wardrobeFilterChips, withoutWardrobeFilter } from './wardrobe-filters';

const item = (name: string, change: Partial<WardrobeItem> = {}): WardrobeItem =>
  ({
    id: `00000000-0000-4000-8000-00000000000${name.length}`,
    name,
    brand: 'Zara',
    price: 40,
    gender: 'Women',
    ...change,
  }) as WardrobeItem;

describe('wardrobe filters', () => {
  const dropped = item('Dropped', { priceDrop: { percent: 20, from: 50, to: 40, since: '2026-11-25T00:00:00.000Z' } });
  const steady = item('Steady', { priceDrop: null });
  const older = item('Older');

  it('Sale keeps only the items whose price dropped, with the other filters', () => {
    expect(filterWardrobe([dropped, steady, older], { ...NO_FILTERS, sale: true })).toEqual([dropped]);
    expect(filterWardrobe([dropped, steady, older], { ...NO_FILTERS, sale: true, brand: 'Acme' })).toEqual([]);
    expect(filterWardrobe([dropped, steady, older], NO_FILTERS)).toEqual([dropped, steady, older]);
  });

  it('counts Sale as a filter to clear', () => {
    expect(hasWardrobeFilters(NO_FILTERS)).toBe(false);
    expect(hasWardrobeFilters({ ...NO_FILTERS, sale: true })).toBe(true);
    expect(hasWardrobeFilters({ ...NO_FILTERS, brand: 'Zara' })).toBe(true);
  });
});

describe('wardrobeFilterChips (the active filters above the saved items, issue 26)', () => {
  it('is empty without filters, and a blank brand is no filter', () => {
    expect(wardrobeFilterChips(NO_FILTERS)).toEqual([]);
    expect(wardrobeFilterChips({ ...NO_FILTERS, brand: '  ' })).toEqual([]);
  });

  it('names each active filter, in the panel order', () => {
    expect(wardrobeFilterChips({ gender: 'Women', priceBand: 'under-50', brand: 'Zara', sale: true })).toEqual([
      { key: 'gender', name: 'Gender', value: 'Women' },
      { key: 'priceBand', name: 'Price', value: 'Under $50' },
      { key: 'brand', name: 'Brand', value: 'Zara' },
      { key: 'sale', name: null, value: 'Sale' },
    ]);
  });

  it('removing a chip shows everything for that filter only, and the items follow', () => {
    const filters = { ...NO_FILTERS, brand: 'Zara', sale: true };
    const items = [item('Dropped', { priceDrop: { percent: 20, from: 50, to: 40, since: '2026-11-25T00:00:00.000Z' } }), item('Steady', { priceDrop: null })];
    expect(filterWardrobe(items, filters).map((each) => each.name)).toEqual(['Dropped']);
    const withoutSale = withoutWardrobeFilter(filters, 'sale');
    expect(withoutSale).toEqual({ ...NO_FILTERS, brand: 'Zara' });
    expect(filterWardrobe(items, withoutSale).map((each) => each.name)).toEqual(['Dropped', 'Steady']);
    expect(withoutWardrobeFilter(filters, 'brand')).toEqual({ ...NO_FILTERS, sale: true });
    expect(withoutWardrobeFilter(filters, 'colour')).toBe(filters);
  });
});
